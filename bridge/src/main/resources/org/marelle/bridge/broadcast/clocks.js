  // Shared by the viewer and the round page (clocks.js, put in by the server).
  function formatClock(ms) {
    if (ms === null || ms === undefined) return "";
    const s = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    const mm = (h > 0 && m < 10 ? "0" : "") + m, ss = (sec < 10 ? "0" : "") + sec;
    return (h > 0 ? h + ":" : "") + mm + ":" + ss;
  }

  /** A side's time, the running one counted down from when it was read. */
  function clockMillis(game, color) {
    const c = game.clock;
    if (!c) return null;
    const ms = color === "white" ? c.whiteMillis : c.blackMillis;
    if (ms === null || ms === undefined) return null;
    if (c.running === color) {
      // Counted down from when the clock was read (asOfMillis, the board's time); a page without it counts from when
      // it received the game. A browser clock running ahead of the board's never adds time.
      const since = c.asOfMillis ? Date.now() - c.asOfMillis : (game._receivedAt ? Date.now() - game._receivedAt : 0);
      return ms - Math.max(0, since);
    }
    return ms;
  }
