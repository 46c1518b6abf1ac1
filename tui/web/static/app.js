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

  // -- find my name: rows of the marked tables that contain what is typed ----------------------
  var input = document.getElementById("q");
  function norm(s) { return s.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " "); }
  function find() {
    if (!input) { return; }
    var q = norm(input.value.trim());
    var shown = 0, total = 0;
    var rows = live.querySelectorAll("table[data-find] tbody tr");
    for (var i = 0; i < rows.length; i++) {
      // the players' own cells (class "p"): an opponent named in a row's details does not match
      var own = rows[i].querySelectorAll(".p"), text = "";
      for (var k = 0; k < own.length; k++) { text += " " + own[k].textContent; }
      var hit = !q || norm(own.length ? text : rows[i].textContent).indexOf(q) >= 0;
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

  // -- the hall: each slide cut into pages that fit the screen, rotating --------------------------
  var hall = body.classList.contains("hall") ? { pages: [], at: 0, paused: false, timer: null } : null;
  function layout(keep) {
    var slides = live.querySelectorAll(".slide");
    var pages = [];
    var room = window.innerHeight;
    for (var s = 0; s < slides.length; s++) {
      var slide = slides[s];
      slide.classList.add("on");
      var rows = slide.querySelectorAll("tbody tr");
      for (var r = 0; r < rows.length; r++) { rows[r].hidden = false; }
      var top = slide.getBoundingClientRect().top;
      var thead = slide.querySelector("thead");
      var fixed = thead ? thead.getBoundingClientRect().bottom - top : slide.getBoundingClientRect().height;
      var avail = room - top - fixed - room * 0.02;
      var start = 0;
      while (start < rows.length || (start === 0 && rows.length === 0)) {
        var end = start + 1;
        if (rows.length) {
          var first = rows[start].getBoundingClientRect().top;
          while (end < rows.length && rows[end].getBoundingClientRect().bottom - first <= avail) { end++; }
        }
        pages.push({ slide: slide, key: slide.getAttribute("data-slide"), from: start, to: end });
        if (!rows.length) { break; }
        start = end;
      }
      slide.classList.remove("on");
    }
    // the pages of each slide are numbered "k/n" in its heading
    var counts = {};
    pages.forEach(function (p) { counts[p.key] = (counts[p.key] || 0) + 1; });
    var seen = {};
    pages.forEach(function (p) { seen[p.key] = (seen[p.key] || 0) + 1; p.no = seen[p.key]; p.of = counts[p.key]; });
    var at = 0;
    if (keep) {
      for (var k = 0; k < pages.length; k++) {
        if (pages[k].key === keep.key && pages[k].no === Math.min(keep.no, counts[keep.key])) { at = k; break; }
      }
    }
    hall.pages = pages;
    hall.at = at;
    show();
  }
  function show() {
    var p = hall.pages[hall.at];
    var slides = live.querySelectorAll(".slide");
    for (var s = 0; s < slides.length; s++) { slides[s].classList.toggle("on", p && slides[s] === p.slide); }
    if (!p) { return; }
    var rows = p.slide.querySelectorAll("tbody tr");
    for (var r = 0; r < rows.length; r++) { rows[r].hidden = r < p.from || r >= p.to; }
    var no = p.slide.querySelector(".pageno");
    if (no) { no.textContent = p.of > 1 ? p.no + "/" + p.of : ""; }
  }
  function turn(step) {
    if (!hall.pages.length) { return; }
    hall.at = (hall.at + step + hall.pages.length) % hall.pages.length;
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
    body.classList.add("js");
    var every = Math.max(0.5, parseFloat(body.getAttribute("data-interval")) || 15) * 1000;
    layout(null);
    hall.timer = setInterval(function () { if (!hall.paused) { turn(1); } }, every);
    setInterval(clock, 1000);
    clock();
    var resized = null;
    window.addEventListener("resize", function () {
      clearTimeout(resized);
      resized = setTimeout(function () { layout(hall.pages[hall.at]); }, 200);
    });
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
      var keep = hall ? hall.pages[hall.at] : null;
      live.innerHTML = res.html;
      version = String(res.v);
      body.setAttribute("data-version", version);
      find();
      if (hall) { layout(keep); clock(); }
    }).catch(function () { /* the next message tries again */ }).then(function () {
      fetching = false;
      if (wanted !== null && wanted !== version) { refresh(wanted); }
    });
  }
  function heard(data) {
    var msg;
    try { msg = JSON.parse(data); } catch (e) { return; }
    if (typeof msg.now === "number") { skew = msg.now - Date.now(); }
    if (offline) { offline.hidden = true; }
    if (String(msg.v) !== version) { refresh(String(msg.v)); }
  }
  if (window.EventSource) {
    // one stream per open page; closed when the page is left (a browser holds at most six
    // connections to a server: streams of pages kept in its back-forward cache would block the next)
    var es = null;
    var listen = function () {
      es = new EventSource("/events");
      es.onmessage = function (e) { heard(e.data); };
      es.onerror = function () { if (offline) { offline.hidden = false; } };
    };
    listen();
    window.addEventListener("pagehide", function () { if (es) { es.close(); es = null; } });
    window.addEventListener("pageshow", function (e) { if (e.persisted && !es) { listen(); } });
  } else {
    setInterval(function () {
      fetch("/version", { cache: "no-store" }).then(function (r) { return r.text(); }).then(heard)
        .catch(function () { if (offline) { offline.hidden = false; } });
    }, 1500);
  }
}());
