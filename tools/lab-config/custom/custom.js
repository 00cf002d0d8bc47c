// The lab's one front-end shim. The classic Jupyter Notebook 6 loads custom/custom.js from
// JUPYTER_CONFIG_DIR, which `make lab` and docker/start-lab.sh point at tools/lab-config.
//
// Why: GoNB v0.11.4's widgets (the slider of live.Show) talk through gonb_comm, which GoNB's
// bootstrap script creates in the cell's output. That script opens a second websocket to the
// kernel (…/api/kernels/<id>/channels, without the page's session_id) and sends comm_open at
// once, giving up if the kernel's acknowledgement is not back within 500 ms. While a cell
// runs (live.Show's cell always does), Notebook 6 does not wait for a new connection's iopub
// subscription to be live (services/kernels/handlers.py, nudge: "Do not nudge busy
// kernels"), so that acknowledgement is often lost, gonb_comm closes, and the slider never
// reaches the kernel (live.Show then keeps the still figure after 5 s).
//
// The shim gives that one websocket (same kernel, no query string) a stand-in that carries
// GoNB's messages over the page's own kernel connection, whose iopub is live: what gonb_comm
// sends goes out as a shell message, and the kernel's comm_msg for gonb_comm's comm id comes
// back to it instead of to Notebook 6's comm manager (which does not know that id). Every
// other websocket and message is left to Notebook 6.
define(['base/js/namespace', 'base/js/events'], function (Jupyter, events) {
  'use strict';

  // bridgeSocket is the WebSocket stand-in: the part of the API GoNB's script uses.
  function bridgeSocket(kernel) {
    var ws = {readyState: 0, onopen: null, onclose: null, onerror: null, onmessage: null};
    var commId = null;
    ws.send = function (data) {
      if (ws.readyState !== 1) {
        throw new Error('gonb bridge: not open');
      }
      var msg = JSON.parse(data);
      if (msg.msg_type === 'comm_open') {
        commId = msg.content.comm_id;
        kernel.sltkGonbBridges[commId] = ws;
      }
      kernel.send_shell_message(msg.msg_type, msg.content, undefined, msg.metadata);
    };
    ws.deliver = function (msg) {
      if (ws.readyState === 1 && ws.onmessage) {
        ws.onmessage({data: JSON.stringify(msg)});
      }
    };
    ws.close = function (code, reason) {
      if (ws.readyState === 3) {
        return;
      }
      ws.readyState = 3;
      if (commId !== null) {
        delete kernel.sltkGonbBridges[commId];
      }
      if (ws.onclose) {
        ws.onclose({code: code || 1000, reason: reason || ''});
      }
    };
    setTimeout(function () {
      ws.readyState = 1;
      if (ws.onopen) {
        ws.onopen({});
      }
    }, 0);
    return ws;
  }

  // patch routes the kernel's comm_msg for a bridged comm id to its bridge.
  function patch(kernel) {
    if (!kernel || kernel.sltkGonbBridges || !kernel.get_iopub_handler) {
      return;
    }
    var commMsg = kernel.get_iopub_handler('comm_msg');
    if (!commMsg) {
      return;
    }
    kernel.sltkGonbBridges = {}; // comm id -> bridge
    kernel.register_iopub_handler('comm_msg', function (msg) {
      var ws = kernel.sltkGonbBridges[(msg.content || {}).comm_id];
      return ws ? ws.deliver(msg) : commMsg(msg);
    });
  }

  window.WebSocket = new Proxy(window.WebSocket, {
    construct: function (target, args) {
      var url = String(args[0]), kernel = Jupyter.notebook && Jupyter.notebook.kernel;
      var gonb = kernel && kernel.sltkGonbBridges && url.indexOf('?') < 0 &&
          url.slice(-(kernel.id.length + 22)) === '/api/kernels/' + kernel.id + '/channels';
      return gonb ? bridgeSocket(kernel) : Reflect.construct(target, args);
    }
  });

  events.on('kernel_created.Kernel kernel_created.Session', function (event, data) {
    patch(data && data.kernel);
  });
  if (Jupyter.notebook && Jupyter.notebook.kernel) {
    patch(Jupyter.notebook.kernel);
  }
});
