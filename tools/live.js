// Live figures of the book: a figure marked <div class="sltk-live" data-live=name
// data-values="v0 v1 …" data-value=v> gets a slider; moving it redraws the figure in the page
// with the library compiled to WebAssembly (assets/live/livefig.js: the module gzipped and
// base64-encoded, since Chromium does not fetch a .wasm from file://). The page reads as a
// still figure until then: the module loads on the first use of a control, not before. A
// figure listed in FRAMED redraws from frames rendered natively when the book was built
// (assets/live/frames/NAME.js), without the module, and says so under its control.
(function () {
  "use strict";
  var base = document.currentScript.src.replace(/[^/]*$/, "");
  var state = { loading: null, ready: false, frames: {} };
  var FRAMED = {}; // tools/livefig.py writes here: figure name -> why it uses precomputed frames

  function script(src) {
    return new Promise(function (ok, fail) {
      var s = document.createElement("script");
      s.src = src; s.onload = ok; s.onerror = function () { fail(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }

  // load fetches nothing from the network: both scripts sit beside this one.
  function load() {
    if (state.loading) return state.loading;
    var t0 = performance.now();
    state.loading = script(base + "wasm_exec.js").then(function () {
      return script(base + "livefig.js");
    }).then(function () {
      var bin = atob(window.SLTK_LIVE_WASM);
      var bytes = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      var gz = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      return new Response(gz).arrayBuffer();
    }).then(function (buf) {
      var go = new Go();
      return WebAssembly.instantiate(buf, go.importObject).then(function (r) {
        return new Promise(function (ok) {
          window.sltkLiveReady = ok;
          go.run(r.instance);
        });
      });
    }).then(function () {
      state.ready = true;
      document.documentElement.setAttribute("data-live-load-ms", Math.round(performance.now() - t0));
    });
    return state.loading;
  }
  window.sltkLiveLoad = load;

  // source resolves to the function that draws figure name at a value (as data-values writes
  // it): its precomputed frames, or the module.
  function source(name) {
    if (FRAMED[name]) {
      if (!state.frames[name]) {
        state.frames[name] = script(base + "frames/" + name + ".js").then(function () {
          var f = window.SLTK_LIVE_FRAMES[name];
          return function (tok) { return f[tok] || { error: "no precomputed frame at " + tok }; };
        });
      }
      return state.frames[name];
    }
    return load().then(function () {
      return function (tok) { return window.sltkLive(name, Number(tok)); };
    });
  }
  window.sltkLiveSource = source;

  function redraw(box, draw, tok) {
    var t0 = performance.now();
    var r = draw(tok);
    if (r.error) throw new Error(r.error);
    box.querySelector(".sltk-live-svg").innerHTML = r.svg;
    box.querySelector(".sltk-live-numbers").innerHTML = r.html;
    box.setAttribute("data-value", tok);
    box.setAttribute("data-ms", (performance.now() - t0).toFixed(1));
  }

  // set moves the figure in box to value index i; it resolves once the figure is redrawn.
  function set(box, i) {
    var name = box.getAttribute("data-live"), tokens = box.getAttribute("data-values").split(" ");
    var status = box.querySelector(".sltk-live-status"), note = FRAMED[name] || "";
    box.querySelector("input").value = i;
    if (!state.ready && !note) status.textContent = "loading the live figure…";
    return source(name).then(function (draw) {
      box.setAttribute("data-pending", tokens[i]);
      redraw(box, draw, tokens[i]);
      status.textContent = note;
    }).catch(function (e) {
      status.textContent = "this figure cannot be redrawn here: " + e.message;
      box.setAttribute("data-live-error", e.message);
    });
  }
  window.sltkLiveSet = set;

  function control(box) {
    var values = box.getAttribute("data-values").split(" ").map(Number);
    var at = values.indexOf(Number(box.getAttribute("data-value")));
    var p = document.createElement("p");
    p.className = "sltk-live-control";
    var label = document.createElement("label");
    label.textContent = box.getAttribute("data-param") + " ";
    var input = document.createElement("input");
    input.type = "range"; input.min = 0; input.max = values.length - 1; input.step = 1;
    input.value = at < 0 ? 0 : at;
    input.setAttribute("aria-label", box.getAttribute("data-param"));
    var status = document.createElement("span");
    status.className = "sltk-live-status";
    status.textContent = FRAMED[box.getAttribute("data-live")] || "live figure: move the slider";
    label.appendChild(input);
    p.appendChild(label); p.appendChild(status);
    box.insertBefore(p, box.firstChild);
    var busy = false, want = null;
    function go() {
      if (busy) return;
      busy = true;
      var i = want; want = null;
      set(box, i).then(function () { busy = false; if (want !== null) go(); });
    }
    input.addEventListener("input", function () { want = Number(input.value); go(); });
    function warm() { source(box.getAttribute("data-live")).catch(function () {}); }
    input.addEventListener("pointerdown", warm, { once: true });
    input.addEventListener("focus", warm, { once: true });
  }

  var css = document.createElement("style");
  css.textContent = ".sltk-live-control{display:flex;flex-wrap:wrap;gap:.3em 1em;align-items:center;" +
    "margin:.3em 0}.sltk-live-control input{vertical-align:middle;width:14em;max-width:60vw}" +
    ".sltk-live-status{color:#777;font-size:90%}.sltk-live-numbers{font-size:95%}";
  document.head.appendChild(css);
  document.querySelectorAll(".sltk-live").forEach(control);
})();
