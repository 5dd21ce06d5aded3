/**
 * The script of the player frame (`player.js`), sent as a static asset. It runs in the `data:` document the
 * loader creates (an opaque origin), so it never sees Lantern's cookies, storage or pages. It takes messages
 * only from its parent window (the loader) and answers with `postMessage(…, "*")`, the only target an opaque
 * frame can name; what it sends back is the player's time and state, never data.
 *
 * Messages in: `{type: "lantern-replay:load", eventsJson, offsetMs, skipInactive}` (events sanitized by
 * the server), `{type: "lantern-replay:seek", offsetMs, play}`, and `hello` (answered with `ready`: the page
 * may have missed the first one while it was not yet hydrated; once playing, answered with `first-frame`). Messages out: `ready`, `first-frame`,
 * `time` (offsetMs, at most every 250 ms) and `failed` (message).
 */
export const playerGlueScript = String.raw`"use strict";
(function () {
  var player = null;
  var lastTimeSent = -1;
  var startedAtMs = 0;
  /** When the first frame was drawn (epoch ms), so the page can place it on its own clock even when it heard late. */
  var firstFrameAt = 0;
  var speeds = [1, 2, 4, 8];
  function send(message) {
    window.parent.postMessage(message, "*");
  }
  function start(message) {
    var target = document.getElementById("player");
    target.textContent = "";
    var events = [];
    try {
      events = typeof message.eventsJson === "string" ? JSON.parse(message.eventsJson) : [];
    } catch (error) {
      events = [];
    }
    if (!Array.isArray(events)) events = [];
    if (events.length < 2) {
      send({ type: "lantern-replay:failed", message: "The recording holds fewer than two events: nothing to play." });
      return;
    }
    try {
      // The UMD bundle's global is its module namespace (default export: the player).
      var namespace = window.rrwebPlayer || {};
      var Player = typeof namespace === "function" ? namespace : namespace.default || namespace.Player;
      player = new Player({
        target: target,
        props: {
          events: events,
          width: Math.max(320, window.innerWidth),
          height: Math.max(200, window.innerHeight - 80),
          autoPlay: false,
          skipInactive: message.skipInactive !== false,
          speedOption: speeds,
          showController: true,
          mouseTail: false,
          UNSAFE_replayCanvas: false,
          useVirtualDom: false,
          showWarning: false,
          triggerFocus: false,
        },
      });
    } catch (error) {
      send({ type: "lantern-replay:failed", message: String(error && error.message ? error.message : error) });
      return;
    }
    player.addEventListener("ui-update-current-time", function (event) {
      var offsetMs = Math.round(event.payload);
      if (Math.abs(offsetMs - lastTimeSent) < 250) return;
      lastTimeSent = offsetMs;
      send({ type: "lantern-replay:time", offsetMs: offsetMs });
    });
    var offsetMs = typeof message.offsetMs === "number" && message.offsetMs > 0 ? message.offsetMs : 0;
    startedAtMs = offsetMs;
    // The player shows the start by itself; seek only for a later moment.
    if (offsetMs > 0) player.goto(offsetMs, false);
    firstFrameAt = Date.now();
    send({ type: "lantern-replay:first-frame", offsetMs: offsetMs, at: firstFrameAt });
  }
  window.addEventListener("message", function (event) {
    if (event.source !== window.parent) return;
    var message = event.data;
    if (!message || typeof message !== "object") return;
    // The loader may have started the player before the replay page was hydrated to hear it: tell it again.
    if (message.type === "lantern-replay:hello") send(player === null ? { type: "lantern-replay:ready" } : { type: "lantern-replay:first-frame", offsetMs: lastTimeSent > 0 ? lastTimeSent : startedAtMs, at: firstFrameAt });
    else if (message.type === "lantern-replay:load" && player === null) start(message);
    else if (message.type === "lantern-replay:seek" && player !== null && typeof message.offsetMs === "number") player.goto(Math.max(0, message.offsetMs), message.play === true);
  });
  send({ type: "lantern-replay:ready" });
})();
`;

/**
 * The script of the loader document (`/replays/player`, `loader.js`). rrweb builds the recorded DOM through
 * `contentDocument` of an iframe it creates; in a frame sandboxed without allow-same-origin every child frame
 * gets a new opaque origin of its own, so rrweb cannot run there (checked in Chromium). A `data:` document has
 * an opaque origin without that flag: its about:blank children share its origin. So the loader (our code only,
 * under its strict policy, which the `data:` frame and rrweb's frame inherit) creates the player as a `data:`
 * frame and passes messages: from its parent (the replay page, same origin) down, and from the player frame up.
 */
export const playerLoaderScript = String.raw`"use strict";
(function () {
  var assets = JSON.parse(document.body.getAttribute("data-assets") || "{}");
  var origin = window.location.origin;
  function escapeAttribute(value) {
    return String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  }
  var html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Replay player</title>' +
    '<link rel="stylesheet" href="' + escapeAttribute(origin + assets.playerStyles) + '">' +
    '<link rel="stylesheet" href="' + escapeAttribute(origin + assets.styles) + '">' +
    '<script src="' + escapeAttribute(origin + assets.player) + '"></scr' + 'ipt>' +
    '<script src="' + escapeAttribute(origin + assets.glue) + '"></scr' + 'ipt>' +
    '</head><body><div id="player"></div></body></html>';
  var frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts allow-same-origin");
  frame.setAttribute("title", "Recorded page");
  frame.setAttribute("referrerpolicy", "no-referrer");
  frame.setAttribute("data-testid", "replay-player-inner-frame");
  frame.src = "data:text/html;charset=utf-8;base64," + btoa(unescape(encodeURIComponent(html)));
  // The recording is fetched here, beside the player's scripts, so the first frame waits for neither the
  // replay page's hydration nor a second hop; the page's own "load" then finds a player and is ignored.
  var recordingText = null;
  var playerReady = false;
  var started = false;
  function startHere() {
    if (started || !playerReady || recordingText === null || !frame.contentWindow) return;
    started = true;
    frame.contentWindow.postMessage({ type: "lantern-replay:load", eventsJson: recordingText, offsetMs: assets.atMs || 0, skipInactive: true }, "*");
  }
  if (typeof assets.recording === "string") {
    fetch(origin + assets.recording, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (text) { recordingText = text; startHere(); })
      .catch(function () {});
  }
  document.body.appendChild(frame);
  window.addEventListener("message", function (event) {
    if (event.source === window.parent) {
      if (frame.contentWindow) frame.contentWindow.postMessage(event.data, "*");
    } else if (event.source === frame.contentWindow) {
      if (event.data && event.data.type === "lantern-replay:ready") {
        playerReady = true;
        startHere();
      }
      window.parent.postMessage(event.data, origin);
    }
  });
})();
`;

/** Lays the player out to fill its frame; the recorded page's own styles live in rrweb's inner frame. */
export const playerDocumentStyles = `html,body{margin:0;padding:0;height:100%;background:#f4f4f5;font-family:system-ui,sans-serif;overflow:hidden}
body>iframe{display:block;width:100%;height:100%;border:0}
#player{width:100%;height:100%}
#player .rr-player{box-shadow:none;border-radius:0;float:none}
.loading{padding:16px;color:#52525b;font-size:14px}
`;
