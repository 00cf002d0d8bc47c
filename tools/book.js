// sltk book: offline full-text search over the index that tools/book.py writes
// (assets/search-index.js). The index loads on the first keystroke; nothing leaves the page.
(function () {
  "use strict";
  var toc = document.querySelector("details.toc");
  if (toc && window.matchMedia("(max-width: 62rem)").matches) toc.open = false;
  // "On this page" is a column at the right where the window has room (always open there),
  // a folded list under the title elsewhere (book.css sets the width)
  var onpage = document.querySelector("details.onpage");
  if (onpage) {
    var wide = window.matchMedia("(min-width: 86rem)");
    var place = function () { onpage.open = wide.matches; };
    place();
    wide.addEventListener("change", place);
    // the section being read is marked in the list: the last heading above the window's top third
    var links = Array.prototype.slice.call(onpage.querySelectorAll("a[href^='#']"));
    var marked = null;
    var mark = function () {
      var here = null;
      links.forEach(function (a) {
        var h = document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1)));
        if (h && h.getBoundingClientRect().top < window.innerHeight / 3) here = a;
      });
      if (here !== marked) {
        if (marked) marked.classList.remove("here");
        if (here) here.classList.add("here");
        marked = here;
      }
    };
    window.addEventListener("scroll", mark, {passive: true});
    mark();
  }
  var root = document.body.getAttribute("data-root") || "";
  var input = document.getElementById("search");
  var list = document.getElementById("search-hits");
  if (!input || !list) return;
  var loading = false;

  function load(then) {
    if (window.SLTK_SEARCH) { then(); return; }
    if (loading) return;
    loading = true;
    var s = document.createElement("script");
    s.src = root + "assets/search-index.js";
    s.onload = then;
    document.head.appendChild(s);
  }

  function escape(t) {
    return t.replace(/[&<>"]/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c];
    });
  }

  function snippet(text, term) {
    var i = text.toLowerCase().indexOf(term);
    var from = Math.max(0, i - 60);
    var s = (from > 0 ? "…" : "") + text.slice(from, from + 160) + (from + 160 < text.length ? "…" : "");
    var e = escape(s);
    var re = new RegExp("(" + term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + ")", "ig");
    return e.replace(re, "<mark>$1</mark>");
  }

  function search() {
    var q = input.value.trim().toLowerCase();
    list.innerHTML = "";
    if (q.length < 2) return;
    var terms = q.split(/\s+/);
    var hits = [];
    window.SLTK_SEARCH.forEach(function (r) {
      var title = r.s.toLowerCase(), text = r.x.toLowerCase(), score = 0;
      for (var i = 0; i < terms.length; i++) {
        var inTitle = title.indexOf(terms[i]) >= 0, n = text.split(terms[i]).length - 1;
        if (!inTitle && n === 0) return;
        score += (inTitle ? 20 : 0) + Math.min(n, 10);
      }
      hits.push({r: r, score: score});
    });
    hits.sort(function (a, b) { return b.score - a.score; });
    if (hits.length === 0) {
      list.innerHTML = '<li class="none">No section mentions “' + escape(q) + '”.</li>';
      return;
    }
    hits.slice(0, 12).forEach(function (h) {
      var li = document.createElement("li");
      li.innerHTML = '<a href="' + root + h.r.u + '"><span class="hit-title">' + escape(h.r.s) +
        '</span><span class="hit-chapter">' + escape(h.r.c) + "</span></a>" +
        '<span class="hit-text">' + snippet(h.r.x, terms[0]) + "</span>";
      list.appendChild(li);
    });
  }

  input.addEventListener("input", function () { load(search); });
  input.addEventListener("keydown", function (e) {
    if (e.key === "Enter") {
      var first = list.querySelector("a");
      if (first) window.location.href = first.href;
    }
  });
})();
