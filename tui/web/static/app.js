/* arbiter's web view (tui/web): find my name, live updates, the hall's pages.
   Read-only: the script asks the server for the version of the event (server-sent events on
   /events) and, when it changes, for the new inside of <main id="live"> of the same page. */
(function () {
  "use strict";
  var body = document.body;
  var live = document.getElementById("live");
  var offline = document.getElementById("offline");
  var version = body.getAttribute("data-version");
  var skew = 0; // the server's clock minus this device's, from each message

  // -- find my name: rows of the marked tables whose players match every word typed ---------------
  // The same folding as the server's (tui/web/find.py): lower case, diacritics left out (ё = е),
  // anything but letters and digits a space; a number is the start number, a word the start of a word
  // of the name, in any order.
  var input = document.getElementById("q");
  var OTHER;
  try { OTHER = new RegExp("[^\\p{L}\\p{N}]+", "gu"); } catch (e) { OTHER = /[^0-9a-z\u00c0-\u024f\u0370-\u03ff\u0400-\u052f]+/g; }
  function fold(s) {
    if (s.normalize) { s = s.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""); }
    return s.toLowerCase().replace(/ß/g, "ss").replace(OTHER, " ").trim();
  }
  function hits(key, words) {
    var padded = " " + key + " ";
    for (var i = 0; i < words.length; i++) {
      var w = words[i];
      if (/^[0-9]+$/.test(w)) {
        if (padded.indexOf(" " + String(parseInt(w, 10)) + " ") < 0) { return false; }
      } else if (padded.indexOf(" " + w) < 0) { return false; }  // the start of a word of the name
    }
    return true;
  }
  function find() {
    if (!input) { return; }
    var q = fold(input.value);
    var words = q ? q.split(" ") : [];
    var shown = 0, total = 0;
    var rows = live.querySelectorAll("table[data-find] tbody tr");
    for (var i = 0; i < rows.length; i++) {
      // a row's key: its players (an opponent named in a row's details does not match)
      var key = rows[i].getAttribute("data-k");
      if (key === null) {
        var own = rows[i].querySelectorAll(".p"), text = "";
        for (var k = 0; k < own.length; k++) { text += " " + own[k].textContent; }
        key = fold(own.length ? text : rows[i].textContent);
      }
      var hit = !words.length || hits(key, words);
      rows[i].hidden = !hit;
      total++;
      if (hit) { shown++; }
    }
    var none = document.querySelector(".find .none");
    if (none) { none.hidden = !(q && total && !shown); }
    try { sessionStorage.setItem("arbiter-find", input.value); } catch (e) { /* private mode */ }
  }
  if (input) {
    try { input.value = sessionStorage.getItem("arbiter-find") || ""; } catch (e) { /* private mode */ }
    input.addEventListener("input", find);
    find();
  }

  // -- the hall: its pages (made by the server, tui/web/hall.py), one at a time, turning ------------
  var hall = body.classList.contains("hall") ? { at: 0, paused: false, timer: null } : null;
  function pages() { return live.querySelectorAll(".slide"); }
  function show() {
    var all = pages();
    if (hall.at >= all.length) { hall.at = 0; }
    for (var s = 0; s < all.length; s++) { all[s].classList.toggle("on", s === hall.at); }
  }
  function here() {
    var p = pages()[hall.at];
    return p ? { key: p.getAttribute("data-slide"), no: parseInt(p.getAttribute("data-page"), 10) || 1 } : null;
  }
  function back(keep) {
    // after new pages came: the same slide's same page (or its last), else the first page
    hall.at = 0;
    if (!keep) { return; }
    var all = pages(), best = -1;
    for (var s = 0; s < all.length; s++) {
      if (all[s].getAttribute("data-slide") === keep.key) {
        best = s;
        if ((parseInt(all[s].getAttribute("data-page"), 10) || 1) >= keep.no) { break; }
      }
    }
    if (best >= 0) { hall.at = best; }
  }
  function turn(step) {
    var n = pages().length;
    if (!n) { return; }
    hall.at = (hall.at + step + n) % n;
    show();
  }
  function clock() {
    var el = live.querySelector(".clock");
    if (!el) { return; }
    var paused = el.getAttribute("data-paused");
    var deadline = el.getAttribute("data-deadline");
    var left = null;
    if (paused !== null) { left = parseInt(paused, 10); }
    else if (deadline) { left = Math.max(0, Math.ceil((Date.parse(deadline) - (Date.now() + skew)) / 1000)); }
    if (left === null) { el.textContent = ""; return; }
    var h = Math.floor(left / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
    var text = (h ? h + ":" + (m < 10 ? "0" : "") + m : (m < 10 ? "0" : "") + m) + ":" + (s < 10 ? "0" : "") + s;
    el.textContent = el.getAttribute("data-label") + " " + text +
      (paused !== null ? " (" + el.getAttribute("data-paused-word") + ")" : "");
  }
  if (hall) {
    if (/[?&]s=/.test(window.location.search)) { window.location.replace("/hall"); }  // the pages without JavaScript
    body.classList.add("js");
    var every = Math.max(0.5, parseFloat(body.getAttribute("data-interval")) || 15) * 1000;
    show();
    hall.timer = setInterval(function () { if (!hall.paused) { turn(1); } }, every);
    setInterval(clock, 1000);
    clock();
    document.addEventListener("keydown", function (ev) {
      if (ev.key === " " || ev.key === "ArrowRight") { turn(1); ev.preventDefault(); }
      else if (ev.key === "ArrowLeft") { turn(-1); }
      else if (ev.key === "p") { hall.paused = !hall.paused; }
      else if (ev.key === "f" && document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
    });
  }

  // -- live: a new version of the event brings the new inside of this page -------------------------
  var fetching = false, wanted = null;
  function refresh(v) {
    wanted = v;
    if (fetching) { return; }
    fetching = true;
    var url = new URL(window.location.href);
    url.searchParams.set("part", "live");
    fetch(url.toString(), { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      var got = r.headers.get("X-Arbiter-Version");
      return r.text().then(function (html) { return { html: html, v: got || v }; });
    }).then(function (res) {
      var keep = hall ? here() : null;
      live.innerHTML = res.html;
      version = String(res.v);
      body.setAttribute("data-version", version);
      find();
      if (hall) { back(keep); show(); clock(); }
    }).catch(function () { /* the next message tries again */ }).then(function () {
      fetching = false;
      if (wanted !== null && wanted !== version) { refresh(wanted); }
    });
  }
  // the rows (and paragraphs) of this page that changed, sent with the news (the server's tui/web/book.py
  // `patch`): swapped in place when this page is the version they change (and has as many), else the page's
  // live part is fetched whole
  function patch(msg) {
    if (!msg.rows || !msg.rows.length) { return false; }
    var nodes = live.querySelectorAll("tr, p");
    if (nodes.length !== msg.n) { return false; }
    var made = [];
    for (var i = 0; i < msg.rows.length; i++) {
      var at = msg.rows[i][0], old = nodes[at];
      if (!old) { return false; }
      var t = document.createElement("template");
      t.innerHTML = msg.rows[i][1];
      var node = t.content ? t.content.firstElementChild : null;
      if (!node || node.tagName !== old.tagName) { return false; }
      made.push([old, node]);
    }
    for (var k = 0; k < made.length; k++) { made[k][0].parentNode.replaceChild(made[k][1], made[k][0]); }
    return true;
  }
  function heard(data) {
    var msg;
    try { msg = JSON.parse(data); } catch (e) { return; }
    if (typeof msg.now === "number") { skew = msg.now - Date.now(); }
    if (offline) { offline.hidden = true; }
    if (String(msg.v) !== version) {
      if (fetching || String(msg.from) !== version || !patch(msg)) { refresh(String(msg.v)); return; }
      version = String(msg.v);
      body.setAttribute("data-version", version);
      find();
    }
    // the page's content is the same: only the time the event was read last moves
    var at = live.querySelector(".stamp time");
    if (at && typeof msg.at === "string" && msg.at) { at.textContent = msg.at; at.setAttribute("datetime", msg.iso || ""); }
  }
  // this page's stream: told only when this page's content changes (the server's tui/web/book.py)
  var watched = "?p=" + encodeURIComponent(window.location.pathname) + "&lang=" +
    encodeURIComponent(document.documentElement.getAttribute("lang") || "");
  if (window.EventSource) {
    // one stream per open page; closed when the page is left (a browser holds at most six
    // connections to a server: streams of pages kept in its back-forward cache would block the next)
    var es = null;
    var listen = function () {
      es = new EventSource("/events" + watched);
      es.onmessage = function (e) { heard(e.data); };
      es.onerror = function () { if (offline) { offline.hidden = false; } };
    };
    listen();
    window.addEventListener("pagehide", function () { if (es) { es.close(); es = null; } });
    window.addEventListener("pageshow", function (e) { if (e.persisted && !es) { listen(); } });
  } else {
    setInterval(function () {
      fetch("/version" + watched, { cache: "no-store" }).then(function (r) { return r.text(); }).then(heard)
        .catch(function () { if (offline) { offline.hidden = false; } });
    }, 1500);
  }
}());
