"""FIDE's federations: each three-letter code with its name in English and in Russian.

A player's federation is held as FIDE's code (`RUS`, `KAZ`, `GER`): the FIDE report (TRF) has three
columns for it. Registration files and judges write country names instead ("Россия", "Russia",
"Казахстан"): `code_of` maps a code (any case) or a name in either language to the code, and gives
None for anything else, which the ways in refuse. `FID` is the flag of players FIDE lists under its
own name. The table is data: a federation FIDE admits later is one more line.
"""

from __future__ import annotations

import re

# code, English name(s), Russian name(s): several names are separated by "|" (the first is the one shown)
_TABLE = """\
AFG Afghanistan; Афганистан
AHO Netherlands Antilles; Нидерландские Антильские острова
ALB Albania; Албания
ALG Algeria; Алжир
AND Andorra; Андорра
ANG Angola; Ангола
ANT Antigua and Barbuda; Антигуа и Барбуда
ARG Argentina; Аргентина
ARM Armenia; Армения
ARU Aruba; Аруба
AUS Australia; Австралия
AUT Austria; Австрия
AZE Azerbaijan; Азербайджан
BAH Bahamas|The Bahamas; Багамы|Багамские Острова
BAN Bangladesh; Бангладеш
BAR Barbados; Барбадос
BDI Burundi; Бурунди
BEL Belgium; Бельгия
BEN Benin; Бенин
BER Bermuda; Бермуды|Бермудские Острова
BHU Bhutan; Бутан
BIH Bosnia and Herzegovina|Bosnia & Herzegovina|Bosnia; Босния и Герцеговина|Босния
BIZ Belize; Белиз
BLR Belarus; Беларусь|Белоруссия
BOL Bolivia; Боливия
BOT Botswana; Ботсвана
BRA Brazil; Бразилия
BRN Bahrain; Бахрейн
BRU Brunei|Brunei Darussalam; Бруней
BUL Bulgaria; Болгария
BUR Burkina Faso; Буркина-Фасо
CAF Central African Republic; Центральноафриканская Республика|ЦАР
CAM Cambodia; Камбоджа
CAN Canada; Канада
CAY Cayman Islands; Каймановы Острова
CGO Congo|Republic of the Congo; Конго|Республика Конго
CHA Chad; Чад
CHI Chile; Чили
CHN China; Китай
CIV Ivory Coast|Côte d'Ivoire|Cote d'Ivoire; Кот-д'Ивуар
CMR Cameroon; Камерун
COD DR Congo|Democratic Republic of the Congo; ДР Конго|Демократическая Республика Конго
COL Colombia; Колумбия
COM Comoros; Коморы|Коморские Острова
CPV Cape Verde|Cabo Verde; Кабо-Верде
CRC Costa Rica; Коста-Рика
CRO Croatia; Хорватия
CUB Cuba; Куба
CYP Cyprus; Кипр
CZE Czech Republic|Czechia; Чехия
DEN Denmark; Дания
DJI Djibouti; Джибути
DMA Dominica; Доминика
DOM Dominican Republic; Доминиканская Республика
ECU Ecuador; Эквадор
EGY Egypt; Египет
ENG England; Англия
ERI Eritrea; Эритрея
ESA El Salvador; Сальвадор
ESP Spain; Испания
EST Estonia; Эстония
ETH Ethiopia; Эфиопия
FAI Faroe Islands; Фарерские Острова
FID FIDE; ФИДЕ
FIJ Fiji; Фиджи
FIN Finland; Финляндия
FRA France; Франция
GAB Gabon; Габон
GAM Gambia|The Gambia; Гамбия
GCI Guernsey; Гернси
GEO Georgia; Грузия
GEQ Equatorial Guinea; Экваториальная Гвинея
GER Germany; Германия
GHA Ghana; Гана
GRE Greece; Греция
GRN Grenada; Гренада
GUA Guatemala; Гватемала
GUM Guam; Гуам
GUY Guyana; Гайана
HAI Haiti; Гаити
HKG Hong Kong|Hong Kong, China; Гонконг
HON Honduras; Гондурас
HUN Hungary; Венгрия
INA Indonesia; Индонезия
IND India; Индия
IOM Isle of Man; Остров Мэн
IRI Iran; Иран
IRL Ireland; Ирландия
IRQ Iraq; Ирак
ISL Iceland; Исландия
ISR Israel; Израиль
ISV US Virgin Islands|United States Virgin Islands; Американские Виргинские Острова
ITA Italy; Италия
IVB British Virgin Islands; Британские Виргинские Острова
JAM Jamaica; Ямайка
JCI Jersey; Джерси
JOR Jordan; Иордания
JPN Japan; Япония
KAZ Kazakhstan; Казахстан
KEN Kenya; Кения
KGZ Kyrgyzstan; Киргизия|Кыргызстан
KOR South Korea|Korea|Republic of Korea; Южная Корея|Республика Корея|Корея
KOS Kosovo; Косово
KSA Saudi Arabia; Саудовская Аравия
KUW Kuwait; Кувейт
LAO Laos; Лаос
LAT Latvia; Латвия
LBA Libya; Ливия
LBN Lebanon; Ливан
LBR Liberia; Либерия
LCA Saint Lucia; Сент-Люсия
LES Lesotho; Лесото
LIE Liechtenstein; Лихтенштейн
LTU Lithuania; Литва
LUX Luxembourg; Люксембург
MAC Macau|Macao; Макао|Аомынь
MAD Madagascar; Мадагаскар
MAR Morocco; Марокко
MAS Malaysia; Малайзия
MAW Malawi; Малави
MDA Moldova; Молдова|Молдавия
MDV Maldives; Мальдивы
MEX Mexico; Мексика
MGL Mongolia; Монголия
MKD North Macedonia|Macedonia; Северная Македония|Македония
MLI Mali; Мали
MLT Malta; Мальта
MNC Monaco; Монако
MNE Montenegro; Черногория
MOZ Mozambique; Мозамбик
MRI Mauritius; Маврикий
MTN Mauritania; Мавритания
MYA Myanmar; Мьянма
NAM Namibia; Намибия
NCA Nicaragua; Никарагуа
NED Netherlands|Holland; Нидерланды|Голландия
NEP Nepal; Непал
NGR Nigeria; Нигерия
NIG Niger; Нигер
NOR Norway; Норвегия
NRU Nauru; Науру
NZL New Zealand; Новая Зеландия
OMA Oman; Оман
PAK Pakistan; Пакистан
PAN Panama; Панама
PAR Paraguay; Парагвай
PER Peru; Перу
PHI Philippines; Филиппины
PLE Palestine; Палестина
PLW Palau; Палау
PNG Papua New Guinea; Папуа — Новая Гвинея|Папуа-Новая Гвинея
POL Poland; Польша
POR Portugal; Португалия
PUR Puerto Rico; Пуэрто-Рико
QAT Qatar; Катар
ROU Romania; Румыния
RSA South Africa; Южно-Африканская Республика|ЮАР
RUS Russia|Russian Federation; Россия|Российская Федерация|РФ
RWA Rwanda; Руанда
SCO Scotland; Шотландия
SEN Senegal; Сенегал
SEY Seychelles; Сейшелы|Сейшельские Острова
SGP Singapore; Сингапур
SKN Saint Kitts and Nevis; Сент-Китс и Невис
SLE Sierra Leone; Сьерра-Леоне
SLO Slovenia; Словения
SMR San Marino; Сан-Марино
SOL Solomon Islands; Соломоновы Острова
SOM Somalia; Сомали
SRB Serbia; Сербия
SRI Sri Lanka; Шри-Ланка
SSD South Sudan; Южный Судан
STP Sao Tome and Principe|São Tomé and Príncipe; Сан-Томе и Принсипи
SUD Sudan; Судан
SUI Switzerland; Швейцария
SUR Suriname; Суринам
SVK Slovakia; Словакия
SWE Sweden; Швеция
SWZ Eswatini|Swaziland; Эсватини|Свазиленд
SYR Syria; Сирия
TAN Tanzania; Танзания
THA Thailand; Таиланд
TJK Tajikistan; Таджикистан
TKM Turkmenistan; Туркмения|Туркменистан
TLS Timor-Leste|East Timor; Восточный Тимор|Тимор-Лесте
TOG Togo; Того
TPE Chinese Taipei|Taiwan; Китайский Тайбэй|Тайвань
TTO Trinidad and Tobago; Тринидад и Тобаго
TUN Tunisia; Тунис
TUR Turkey|Türkiye|Turkiye; Турция
UAE United Arab Emirates|UAE; Объединённые Арабские Эмираты|ОАЭ
UGA Uganda; Уганда
UKR Ukraine; Украина
URU Uruguay; Уругвай
USA United States|United States of America|USA|US; США|Соединённые Штаты Америки|Соединённые Штаты
UZB Uzbekistan; Узбекистан
VAN Vanuatu; Вануату
VEN Venezuela; Венесуэла
VIE Vietnam|Viet Nam; Вьетнам
VIN Saint Vincent and the Grenadines; Сент-Винсент и Гренадины
WLS Wales; Уэльс
YEM Yemen; Йемен
ZAM Zambia; Замбия
ZIM Zimbabwe; Зимбабве
"""


def _key(name: str) -> str:
    """A name as compared: lower case, ё as е, apostrophes, dots, dashes and spaces as one space."""
    t = name.strip().lower().replace("ё", "е").replace("’", "'").replace("ô", "o").replace("é", "e")
    t = t.replace("ã", "a").replace("í", "i").replace("ü", "u")
    return re.sub(r"[\s.,'\-—&]+", " ", t).strip()


def _parse() -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    names: dict[str, tuple[str, str]] = {}
    by_name: dict[str, str] = {}
    for line in _TABLE.splitlines():
        code, rest = line.split(" ", 1)
        en, ru = (part.strip().split("|") for part in rest.split(";"))
        names[code] = (en[0], ru[0])
        for n in (*en, *ru):
            by_name.setdefault(_key(n), code)
    return names, by_name


NAMES, _BY_NAME = _parse()
CODES = frozenset(NAMES)


def code_of(text: str) -> str | None:
    """FIDE's code of a federation given as its code (any case) or its name in English or Russian."""
    t = text.strip()
    if len(t) == 3 and t.isascii() and t.upper() in CODES:
        return t.upper()
    return _BY_NAME.get(_key(t))


def name_of(code: str, lang: str = "en") -> str:
    """The federation's name in English or Russian ("" for an unknown code)."""
    names = NAMES.get(code)
    return "" if names is None else names[1 if lang == "ru" else 0]
