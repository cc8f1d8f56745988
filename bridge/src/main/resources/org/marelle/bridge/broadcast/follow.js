  // Shared by the viewer and the round page (follow.js, put in by the server; each page has its own state, accept
  // and render). Events after a state carry the game without its move list (it would grow with every move); the list
  // is kept here from the events, which come without gaps. Should it ever not fit, the page asks for that board's
  // whole game.
  function follow(type, data) {
    const game = data.game;
    if (game.moves) {
      accept(game);
      return true;
    }
    const prev = state.games[game.board];
    if (!prev || prev.gameId !== game.gameId || (type === "move" && data.moveIndex > prev.moves.length)) {
      resync(game.board);
      return false;
    }
    const moves = prev.moves.slice();
    if (type === "move") {
      moves.length = data.moveIndex;
      moves.push(data.move);
    } else if (type === "takeback") {
      moves.length = Math.max(0, moves.length - data.plies);
    } else if (type === "drawoffer" && moves[data.moveIndex]) {
      moves[data.moveIndex] = Object.assign({}, moves[data.moveIndex], { drawOffer: true });
    }
    game.moves = moves;
    accept(game);
    return true;
  }

  function resync(board) {
    state.resyncs = (state.resyncs || 0) + 1;
    fetch("api/game?board=" + encodeURIComponent(board), { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (game) { if (game) { accept(game); render(); } })
      .catch(function (e) { console.error("cannot reload board " + board, e); });
  }
