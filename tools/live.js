// Live figures of the book: a figure marked <div class="sltk-live" data-live=name
// data-values="v0 v1 …" data-value=v> gets a slider; moving it redraws the figure in the page
// with the library compiled to WebAssembly (assets/live/livefig.js: the module gzipped and
// base64-encoded, since Chromium does not fetch a .wasm from file://). The page reads as a
// still figure until then: the module loads on the first use of a control, not before.
(function () {
  "use strict";
  var base = document.currentScript.src.replace(/[^/]*$/, "");
  var state = { loading: null, ready: false };

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

  function redraw(box, v) {
    var t0 = performance.now();
    var r = window.sltkLive(box.getAttribute("data-live"), v);
    if (r.error) throw new Error(r.error);
    box.querySelector(".sltk-live-svg").innerHTML = r.svg;
    box.querySelector(".sltk-live-numbers").innerHTML = r.html;
    box.setAttribute("data-value", String(v));
    box.setAttribute("data-ms", (performance.now() - t0).toFixed(1));
  }

  // set moves the figure in box to value index i; it resolves once the figure is redrawn.
  function set(box, i) {
    var values = box.getAttribute("data-values").split(" ").map(Number);
    var status = box.querySelector(".sltk-live-status");
    box.querySelector("input").value = i;
    if (!state.ready) status.textContent = "loading the live figure…";
    return load().then(function () {
      box.setAttribute("data-pending", String(values[i]));
      redraw(box, values[i]);
      status.textContent = "";
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
    status.textContent = "live figure: move the slider";
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
    input.addEventListener("pointerdown", load, { once: true });
    input.addEventListener("focus", load, { once: true });
  }

  var css = document.createElement("style");
  css.textContent = ".sltk-live-control{display:flex;flex-wrap:wrap;gap:.3em 1em;align-items:center;" +
    "margin:.3em 0}.sltk-live-control input{vertical-align:middle;width:14em;max-width:60vw}" +
    ".sltk-live-status{color:#777;font-size:90%}.sltk-live-numbers{font-size:95%}";
  document.head.appendChild(css);
  document.querySelectorAll(".sltk-live").forEach(control);
})();
