// The hall's one script (no inline script anywhere: a name in the data is
// always text). Live pages: when the event changes, the page fetches itself
// and swaps its <main>, no reload. Result sheets: Enter goes to the next
// board, a quick box takes "board result", changed boards are marked.
(function () {
  "use strict";
  var body = document.body;
  var feed = body.getAttribute("data-live");
  if (feed && window.EventSource && window.fetch && window.DOMParser) {
    var seen = null;
    var busy = false;
    var again = false;
    var refresh = function () {
      if (busy) { again = true; return; }
      busy = true;
      fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (text) {
          if (text === null) { return; }
          var doc = new DOMParser().parseFromString(text, "text/html");
          var next = doc.querySelector("main");
          var cur = document.querySelector("main");
          if (next && cur) { cur.replaceWith(next); }
          var nav = doc.querySelector("nav.site");
          var curNav = document.querySelector("nav.site");
          if (nav && curNav) { curNav.replaceWith(nav); }
          body.setAttribute("data-seq", seen);
        })
        .catch(function () {})
        .then(function () {
          busy = false;
          if (again) { again = false; refresh(); }
        });
    };
    var es = new EventSource(feed);
    es.addEventListener("seq", function (e) {
      if (seen === null) { seen = e.data; body.setAttribute("data-seq", seen); return; }
      if (e.data === seen) { return; }
      seen = e.data;
      refresh();
    });
  }
  var sheet = document.getElementById("sheet");
  if (sheet) {
    var boxes = Array.prototype.slice.call(sheet.querySelectorAll("input.result"));
    var mark = function (input) {
      var old = sheet.querySelector("input[name=o" + input.getAttribute("data-board") + "]");
      var row = input.closest("tr");
      if (row && old) { row.classList.toggle("changed", input.value.trim() !== old.value); }
    };
    boxes.forEach(function (input, i) {
      input.addEventListener("input", function () { mark(input); });
      input.addEventListener("keydown", function (e) {
        if (e.key === "Enter" && !e.ctrlKey && !e.metaKey) {
          e.preventDefault();
          var next = boxes[i + 1];
          if (next) { next.focus(); next.select(); } else { sheet.querySelector("button[type=submit]").focus(); }
        }
      });
    });
    var quick = document.getElementById("quick");
    if (quick) {
      quick.addEventListener("keydown", function (e) {
        if (e.key !== "Enter") { return; }
        e.preventDefault();
        var m = quick.value.trim().match(/^(\d+)\s+(\S+)$/);
        if (!m) { quick.setCustomValidity(quick.getAttribute("data-bad")); quick.reportValidity(); return; }
        var box = sheet.querySelector("input[name=r" + m[1] + "]");
        if (!box) { quick.setCustomValidity(quick.getAttribute("data-no-board").replace("{board}", m[1])); quick.reportValidity(); return; }
        quick.setCustomValidity("");
        box.value = m[2];
        mark(box);
        quick.value = "";
      });
      quick.addEventListener("input", function () { quick.setCustomValidity(""); });
    }
    if (boxes.length && !quick) { boxes[0].focus(); }
    if (quick) { quick.focus(); }
  }
  var printer = document.querySelector("button.print-now");
  if (printer) { printer.addEventListener("click", function () { window.print(); }); }
})();
