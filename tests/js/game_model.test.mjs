// The game page's model (static/js/game_model.js): whose turn it is at a ply in every game,
// the move numbers, what a move just played is announced as and shows it took — checked
// against every game's first plies as the engine plays them (fixtures/first_plies.json,
// written from the registry by make_fixtures.py) — and the page's transitions and controls.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  announcement, banner, berserkable, boardFrame, canMove, connectionOpened, controls, createPage,
  firstMoveCountdown, followedTournament, hint, moveNumber, numberText, opensMove, playerBars,
  premoveText, receiveDrawDeclined, receiveMoves, receivePresence, receiveState,
  receiveTakebackDeclined, receiveTournamentNews, refuse, sendMove, shownIndex, squareLabel,
  tookPieces, turnAt, typedMove, viewPly, yourTurn,
} from "../../static/js/game_model.js";
import { controlText, gameHeader } from "../../static/js/game_header.js";
import { confirmText, confirmsMoves, withHeld } from "../../static/js/confirm_move.js";
import { takebackNotice } from "../../static/js/offers.js";

const GAMES = JSON.parse(readFileSync(new URL("./fixtures/first_plies.json", import.meta.url)));
const BLACK_FIRST = Object.entries(GAMES).filter(([, game]) => game.plies[0].mover === "black");
const CAPITAL = { white: "White", black: "Black" };

test("every game of the registry is in the fixture, each with plies of both sides", () => {
  assert.ok(Object.keys(GAMES).length > 1);
  for (const [id, game] of Object.entries(GAMES)) {
    assert.deepEqual(new Set(game.plies.map((ply) => ply.mover)), new Set(["white", "black"]), id);
  }
  // The games where Black moves first are some, not all: both kinds are tested below.
  assert.ok(BLACK_FIRST.length > 0 && BLACK_FIRST.length < Object.keys(GAMES).length);
});

test("turnAt names the side the engine says plays each ply, in every game", () => {
  for (const [id, game] of Object.entries(GAMES)) {
    for (const ply of game.plies) {
      assert.equal(turnAt(game.start_fen, ply.ply), ply.mover, `${id}, ply ${ply.ply}`);
      // The side to move after a ply is the one its FEN names.
      assert.equal(turnAt(game.start_fen, ply.ply + 1), turnAt(ply.fen, 0), `${id}, ${ply.fen}`);
    }
  }
});

test("moves are numbered as the archive's export numbers them, in every game", () => {
  for (const [id, game] of Object.entries(GAMES)) {
    for (const ply of game.plies) {
      const where = `${id}, ply ${ply.ply}`;
      assert.deepEqual(moveNumber(game.start_fen, ply.ply), { number: ply.number, color: ply.mover },
        where);
      assert.equal(opensMove(game.start_fen, ply.ply), ply.opens, where);
      assert.equal(numberText(game.start_fen, ply.ply), `${ply.number}${ply.opens ? "." : "…"}`,
        where);
    }
  }
});

test("a chess FEN's move number and a draughts FEN's F field start the count", () => {
  assert.deepEqual(moveNumber("8/8/8/2k5/1p6/p7/8/R6K b - - 0 7", 0), { number: 7, color: "black" });
  assert.equal(numberText("8/8/8/2k5/1p6/p7/8/R6K b - - 0 7", 1), "8.");
  assert.deepEqual(moveNumber("B:W21:B1:H0:F12", 0), { number: 12, color: "black" });
  assert.deepEqual(moveNumber("B:W21:B1:H0:F12", 2), { number: 13, color: "black" });
  assert.equal(numberText("W:W21:B1", 1), "1…");
});

for (const [id, game] of BLACK_FIRST) {
  test(`${game.name} (${id}): Black's moves are announced, numbered and shown taking as Black's`, () => {
    const start = game.start_fen;
    assert.equal(turnAt(start, 0), "black");
    let jumpedByBlack = 0;
    for (const ply of game.plies) {
      assert.equal(announcement(start, ply), `${CAPITAL[ply.mover]} played ${ply.text}.`);
      if (ply.ply === 0) assert.match(announcement(start, ply), /^Black played /);
      assert.equal(moveNumber(start, ply.ply).color, ply.mover);
      const took = tookPieces(start, ply.ply, ply);
      if (ply.kind === "jump" || ply.kind === "sweep") {
        assert.deepEqual(took, ply.taken, `ply ${ply.ply}: the pieces of the side that did not move`);
        if (ply.mover === "black") jumpedByBlack += 1;
      } else {
        assert.deepEqual(took, []);
      }
    }
    assert.ok(jumpedByBlack > 0, "the fixture holds a capture of Black's");
  });
}

test("a Hawaiian removal takes the mover's own piece and shows no icon", () => {
  const removal = GAMES.hawaiian.plies.find((ply) => ply.kind === "removal");
  assert.ok(removal);
  assert.equal(tookPieces(GAMES.hawaiian.start_fen, removal.ply, removal).length, 0);
});

// --- the page ---------------------------------------------------------------------------------
const CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const move = (ply, text) => ({ ply, text, path: ["e2", "e4"], captured: [], kind: "quiet",
  fen: `fen${ply + 1}` });
const liveState = (ply, extra = {}) => ({
  mode: "online", status: "live", ply, turn: ply % 2 ? "black" : "white", initial_fen: CHESS,
  fen: `fen${ply}`, legal_moves: [], check: null, clock: null, white: "alice", black: "bob",
  moves: Array.from({ length: ply }, (_, i) => move(i, `m${i}`)), ...extra,
});
const alice = { username: "alice", color: "white", both_sides: false };
const page = (state, viewer = alice) => createPage({ state, viewer });
const delta = (state) => ({ type: "state", ...state, moves_from: state.ply - 1,
  moves: state.moves.slice(-1) });

test("the opponent's move arriving is applied, announced and slid in, the list kept", () => {
  const before = page(liveState(1));
  const result = receiveState(before, delta(liveState(2)));
  assert.equal(result.applied, true);
  assert.equal(result.page.state.moves.length, 2);
  assert.equal(result.played.text, "m1");
  assert.equal(announcement(CHESS, result.played), "Black played m1.");
  assert.equal(result.animate, true);
  assert.equal(result.sync, false);
  assert.equal(before.state.ply, 1, "the page before is not changed");
});

test("the answer to our typed move clears the box and the sent move; a gap asks for a sync", () => {
  const sent = sendMove(page(liveState(2)), "text");
  assert.deepEqual(sent.sent, { ply: 2, kind: "text" });
  assert.equal(hint(sent, { promoting: false, view: {} }).text, "Sending…");
  const answered = receiveState(sent, delta(liveState(3)));
  assert.equal(answered.answered, true);
  assert.equal(answered.clearTyped, true);
  assert.equal(answered.animate, false);
  assert.equal(answered.page.sent, null);
  const gap = receiveState(page(liveState(2)), delta(liveState(5)));
  assert.deepEqual([gap.applied, gap.sync], [false, true]);
  assert.equal(gap.page.state.ply, 2);
});

test("a long game's moves come ahead of its state and a state then applies on them", () => {
  const start = page(liveState(0));
  const ahead = receiveMoves(start, { type: "moves", moves_from: 0, moves: [move(0, "a"), move(1, "b")] });
  assert.equal(ahead.sync, false);
  const state = { ...liveState(3), moves_from: 2, moves: [move(2, "c")] };
  const result = receiveState(ahead.page, { type: "state", ...state });
  assert.deepEqual(result.page.state.moves.map((m) => m.text), ["a", "b", "c"]);
  assert.equal(result.page.incoming, null);
  assert.equal(receiveMoves(start, { type: "moves", moves_from: 4, moves: [] }).sync, true);
});

test("a refused premove says what was dropped and takes the shown move back", () => {
  const sent = sendMove(page(liveState(2)), "path", "e2-e4");
  const result = refuse(sent, { error: "Illegal move." });
  assert.equal(result.text, "Premove e2-e4 dropped: Illegal move.");
  assert.equal(result.revert, true);
  assert.deepEqual([result.page.sent, result.page.sentPremove], [null, null]);
  assert.equal(refuse(page(liveState(2)), {}).text, "The server refused that.");
  assert.equal(refuse(page(liveState(2)), {}).revert, false);
});

test("a reconnect forgets a move whose answer may be lost; a first connect does not", () => {
  const sent = sendMove(page(liveState(2)), "path");
  assert.equal(connectionOpened(sent, true).revert, true);
  assert.equal(connectionOpened(sent, true).page.sent, null);
  assert.equal(connectionOpened(sent, false).page.sent.ply, 2);
});

test("presence and a declined draw change what the table says, not the moves", () => {
  const here = receivePresence(page(liveState(2)), {
    presence: { white: true, black: false }, spectators: 3, absence: null,
  });
  assert.equal(here.state.spectators, 3);
  const bars = playerBars(here, "white");
  assert.deepEqual(bars.map((bar) => [bar.bar, bar.color, bar.online, bar.name, bar.toMove]), [
    ["top", "black", false, "bob", null], ["bottom", "white", true, "alice (you)", "Your move"],
  ]);
  const declined = receiveDrawDeclined(here, { by: "black" });
  assert.deepEqual(declined.told, { text: "Your draw offer was declined.", ply: 2 });
});

test("viewing an earlier ply shows its position read-only; the last one is live", () => {
  const live = page(liveState(3));
  const back = viewPly(live, 0);
  assert.equal(back.viewing, 0);
  assert.equal(canMove(back), false);
  assert.equal(shownIndex(back), 0);
  const frame = boardFrame(back, { previous: 2 });
  assert.equal(frame.position.fen, "fen1");
  assert.equal(frame.position.interactive, false);
  assert.equal(frame.key, "view|0|fen1");
  assert.equal(viewPly(live, 2).viewing, null);
  assert.equal(viewPly(live, -5).viewing, -1);
  // One step forward in review slides the piece; a jump back does not.
  const stepped = boardFrame(viewPly(back, 1), { previous: 0, review: true });
  assert.deepEqual(stepped.position.animate, { from: "e2", to: "e4" });
  assert.equal(boardFrame(viewPly(live, 0), { previous: 2, review: true }).position.animate, null);
});

test("the live board takes the viewer's moves on their turn and a premove on the other's", () => {
  const clocked = { initial: 60, increment: 0, days: null };
  const mine = boardFrame(page(liveState(2, { clock: clocked })), {});
  assert.equal(mine.position.interactive, true);
  assert.equal(mine.position.premove, null);
  const theirs = boardFrame(page(liveState(3, { clock: clocked })), { held: ["e2"] });
  assert.equal(theirs.position.interactive, false);
  assert.deepEqual(theirs.position.premove, ["e2"]);
  assert.notEqual(mine.key, theirs.key);
});

test("the controls follow the game and the viewer", () => {
  const spectator = { username: null, color: null, both_sides: false };
  const clocked = liveState(2, { clock: { initial: 60, days: null } });
  const player = controls(page(clocked));
  assert.deepEqual([player.drawOffer, player.resign.place, player.giveTime, player.moveForm],
    ["shown", "shown", "shown", true]);
  assert.equal(player.resign.text, "⚑ Resign");
  assert.equal(controls({ ...page(clocked), resignArmed: true }).resign.text, "Confirm resign");
  // Both texts, armed or not, so that the button keeps the room of the wider (game_view.js).
  assert.deepEqual(player.resign.labels, ["⚑ Resign", "Confirm resign"]);
  const watching = controls(page(clocked, spectator));
  // A spectator has none of the players' actions: they take no room.
  assert.deepEqual([watching.drawOffer, watching.resign.place, watching.takeback.place,
    watching.abort, watching.giveTime, watching.moveForm], ["none", "none", "none", "none", "none",
    false]);
  const local = liveState(2, { mode: "local", takeback: true });
  const both = { username: null, color: null, both_sides: true };
  assert.deepEqual([controls(page(local, both)).takeback, controls(page(local, both)).drawOffer],
    [{ place: "shown", text: "↶ Take back" }, "none"]);
  // Before a move there is nothing to take back: the button keeps its room while the game is
  // live, and takes none once it is over with nothing to take back.
  const fresh = liveState(0, { mode: "local", takeback: false });
  assert.equal(controls(page(fresh, both)).takeback.place, "kept");
  const ended = { ...fresh, status: "finished", result: "1-0", termination: "resignation" };
  assert.equal(controls(page(ended, both)).takeback.place, "none");
  // A bot game has no draw offer, and takes no room for one.
  const bot = liveState(2, { mode: "bot", takeback: true });
  assert.deepEqual([controls(page(bot)).drawOffer, controls(page(bot)).giveTime,
    controls(page(bot)).resign.place], ["none", "none", "shown"]);
  const rematch = { state: "open", by: "black", game: null };
  const over = liveState(4, { status: "finished", result: "1-0", termination: "resignation",
    rematch });
  assert.equal(controls(page(over)).rematch.text, "Accept the rematch");
  assert.deepEqual([controls(page(over)).rematch.place, controls(page(clocked)).rematch.place],
    ["shown", "none"]);
  // Once over, the live game's actions take no room.
  const done = controls(page(over));
  assert.deepEqual([done.abort, done.resign.place, done.drawOffer, done.takeback.place,
    done.giveTime], ["none", "none", "none", "none", "none"]);
  assert.equal(controls(page(over, { ...alice, color: "black" })).rematch.text, "Rematch offered");
  const accepted = controls(page({ ...over, rematch: { ...rematch, game: "abc" } })).rematch;
  assert.deepEqual([accepted.text, accepted.href], ["Go to the rematch", "/game/abc/"]);
  assert.deepEqual(accepted.labels, ["Rematch", "Go to the rematch", "Accept the rematch",
    "Rematch offered"]);
  assert.equal(banner(page(over)).headline, "White wins — Black resigned");
  assert.equal(banner(page(liveState(2))), null);
});

test("a typed move is sent on the viewer's turn, held on the opponent's, refused otherwise", () => {
  const clock = { initial: 60, days: null };
  assert.equal(typedMove(page(liveState(2, { clock })), "e4").action, "send");
  assert.equal(typedMove(page(liveState(3, { clock })), "e5").action, "premove");
  assert.deepEqual(typedMove(page(liveState(3, { clock: { days: 3 } })), "e5"),
    { action: "refuse", error: "It is not your move." });
  assert.equal(typedMove(page(liveState(3)), "").action, "none");
  assert.equal(yourTurn(page(liveState(2))), true);
  assert.equal(yourTurn(page(liveState(3))), false);
});

test("the hint walks a chain and names a selected piece's marks", () => {
  const live = page(liveState(2));
  const chain = { inChain: true, targets: [{}], canStop: true, at: "c4", undoSquare: "a4" };
  assert.deepEqual(hint(live, { promoting: false, view: chain }),
    { chain: "tap the next landing, tap the piece on c4 to stop there, tap a4 to undo the jump. " });
  const picked = { selected: "g1", targets: [{ kind: "quiet" }] };
  assert.equal(hint(live, { promoting: false, view: picked, pieceName: () => "knight" }).text,
    "Knight on g1: move (dot).");
  assert.equal(hint(live, { promoting: false, view: {} }).text, "Your move.");
  assert.equal(premoveText("e2", ["e2"], () => "white pawn"),
    "Premove: white pawn on e2, tap its landing (and any further ones). ");
  assert.equal(premoveText(null, null, () => ""), null);
});

test("before both sides have moved an online game is aborted, not resigned", () => {
  const starting = liveState(1, { abortable: true });
  // Abort and Resign share one place: the one not shown is kept under the other.
  assert.deepEqual([controls(page(starting)).abort, controls(page(starting)).resign.place],
    ["shown", "kept"]);
  const spectator = { username: null, color: null, both_sides: false };
  assert.equal(controls(page(starting, spectator)).abort, "none");
  const going = liveState(2, { abortable: false });
  assert.deepEqual([controls(page(going)).abort, controls(page(going)).resign.place],
    ["kept", "shown"]);
  const local = liveState(1, { mode: "local", abortable: false });
  assert.equal(controls(page(local, { username: null, color: null, both_sides: true })).abort,
    "none");
});

test("offering a draw keeps Offer draw's room until the offer is answered", () => {
  const offered = controls(page(liveState(2, { draw_offer: "white" })));
  assert.equal(offered.drawOffer, "kept");
  assert.equal(controls(page(liveState(2, { draw_offer: null }))).drawOffer, "shown");
  // The opponent's offer too: the notice answers it, and the button keeps its room.
  const bob = { username: "bob", color: "black", both_sides: false };
  assert.equal(controls(page(liveState(2, { draw_offer: "white" }), bob)).drawOffer, "kept");
});

test("the first-move countdown counts the seconds left to the side to move", () => {
  const now = Date.parse("2026-12-05T12:00:00Z");
  const deadline = new Date(now + 23_400).toISOString();
  const starting = liveState(0, { first_move_deadline: deadline });
  assert.deepEqual(firstMoveCountdown(page(starting), now),
    { text: "Make your first move within 24 s, or the game is aborted.", seconds: 24 });
  const bob = { username: "bob", color: "black", both_sides: false };
  assert.equal(firstMoveCountdown(page(starting, bob), now).text,
    "White must make a first move within 24 s, or the game is aborted.");
  assert.equal(firstMoveCountdown(page(liveState(2)), now), null);
  assert.equal(firstMoveCountdown(page(starting), now + 60_000).seconds, 0);
});

test("an online takeback is asked of the opponent, answered or withdrawn", () => {
  const bob = { username: "bob", color: "black", both_sides: false };
  // White has moved: she may ask; Black, who has not, may not.
  const afterOne = liveState(1);
  assert.deepEqual(controls(page(afterOne)).takeback,
    { place: "shown", text: "↶ Propose takeback" });
  // Black has not moved: the button is not for now, and keeps its room for his first move.
  assert.equal(controls(page(afterOne, bob)).takeback.place, "kept");
  const asked = liveState(1, { takeback_offer: "white" });
  assert.equal(controls(page(asked)).takeback.place, "kept");  // asked once
  assert.deepEqual(takebackNotice(asked, "black"),
    { text: "alice (White) asks to take back their last move.", answer: true, withdraw: false });
  assert.deepEqual(takebackNotice(asked, "white"),
    { text: "You asked to take back your last move.", answer: false, withdraw: true });
  assert.equal(takebackNotice(asked, null).text, "alice (White) asked to take back their last move.");
  assert.equal(takebackNotice(liveState(1), "black"), null);
  const declined = receiveTakebackDeclined(page(afterOne), { by: "black" });
  assert.equal(declined.told.text,
    "Your takeback request was declined: you may ask again after the next move.");
  assert.equal(receiveTakebackDeclined(page(afterOne, bob), { by: "black" }).told, null);
  // Declined: not offered again until the next move.
  const refused = liveState(1, { takeback_refused: "white" });
  assert.equal(controls(page(refused)).takeback.place, "kept");
  assert.equal(controls(page(liveState(3, { takeback_refused: null }))).takeback.place, "shown");
  // Never in a tournament's game: no room for it there.
  assert.equal(controls(page(liveState(3, { tournament: "arena1" }))).takeback.place, "none");
});

test("the header names the game, rated or casual, its control and the players' ratings", () => {
  const rated = liveState(0, { rated: true, speed: "blitz", clock: { initial: 180, increment: 2 } });
  const withRatings = { ...page(rated), ratings: { white: "1512", black: "1500?" } };
  assert.deepEqual(gameHeader(withRatings), { name: "Chesskers", kind: "Rated", position: null,
    control: "3+2 · blitz", ratings: { white: "1512", black: "1500?" } });
  assert.equal(controlText({ initial: 15, increment: 0 }, "ultrabullet"), "¼+0 · ultrabullet");
  assert.equal(controlText({ initial: 90, increment: 1 }, "bullet"), "1½+1 · bullet");
  assert.equal(controlText({ days: 3 }, "correspondence"), "3 days · correspondence");
  assert.equal(controlText(null, "unlimited"), "Unlimited");
  const local = { ...page(liveState(0, { mode: "local" })), ratings: null };
  assert.deepEqual([gameHeader(local).kind, gameHeader(local).ratings],
    [null, { white: null, black: null }]);
  // A game from a position set up says so, in any mode; one from the game's own start does not.
  const variant = { name: "Chesskers", start_fen: CHESS };
  const setUp = { ...page(liveState(0, { rated: false, initial_fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1" })), variant };
  assert.equal(gameHeader(setUp).position, "From a position");
  assert.equal(gameHeader({ ...page(liveState(0, { initial_fen: CHESS })), variant }).position, null);
});

test("a game written with numbers names its squares by their numbers in hints and premoves", () => {
  const numbered = { ...page(liveState(2)), variant: { name: "Checkers",
    board: { labels: { b6: "9", d4: "18", f6: "11" } } } };
  assert.equal(squareLabel(numbered, "d4"), "18");
  assert.equal(squareLabel(page(liveState(2)), "d4"), "d4");
  const chain = { inChain: true, targets: [{}], canStop: true, at: "d4", undoSquare: "b6" };
  assert.equal(hint(numbered, { promoting: false, view: chain }).chain,
    "tap the next landing, tap the piece on 18 to stop there, tap 9 to undo the jump. ");
  const square = (name) => squareLabel(numbered, name);
  assert.equal(premoveText("b6-d4-f6", ["b6", "d4", "f6"], () => "White man", square),
    "Premove: 9-18-11 (played when your turn comes) ");
  assert.equal(premoveText("", ["b6"], () => "White man", square),
    "Premove: White man on 9, tap its landing (and any further ones). ");
});

test("a player may go berserk in an arena's game until their first move, once", () => {
  const arena = { berserk: { white: false, black: false }, clock: { initial: 180, days: null } };
  assert.equal(controls(page(liveState(0, arena))).berserk, "shown");
  // After the first move Berserk keeps its room; a game without it takes none.
  assert.equal(controls(page(liveState(2, arena))).berserk, "kept");
  assert.equal(controls(page(liveState(0))).berserk, "none");
  assert.equal(berserkable(page(liveState(1, arena))), false); // White has moved
  const bob = { username: "bob", color: "black", both_sides: false };
  assert.equal(berserkable(page(liveState(1, arena), bob)), true); // Black has not
  assert.equal(berserkable(page(liveState(2, arena), bob)), false);
  const gone = { ...arena, berserk: { white: true, black: false } };
  assert.equal(berserkable(page(liveState(0, gone))), false);
  assert.equal(berserkable(page(liveState(0, { ...arena, berserk: null }))), false);
  const spectator = { username: null, color: null, both_sides: false };
  assert.equal(berserkable(page(liveState(0, arena), spectator)), false);
  // Where Black moves first (a draughts FEN), Black's first move is ply 0.
  const blackFirst = { ...arena, initial_fen: "B:W21,22:B1,2" };
  assert.equal(berserkable(page(liveState(0, blackFirst), bob)), true);
  assert.equal(berserkable(page(liveState(1, blackFirst), bob)), false);
});

test("a finished tournament game's player follows the tournament to their next game, once", () => {
  const tournament = { id: "t1", socket: "/ws/tournaments/t1/", name: "Arena", round: 3 };
  const over = { ...liveState(4, { status: "finished", result: "1-0" }), id: "g1" };
  const mine = createPage({ state: over, viewer: alice, tournament });
  assert.equal(followedTournament(mine), "/ws/tournaments/t1/");
  assert.equal(followedTournament(createPage({ state: liveState(4), viewer: alice, tournament })),
    null);
  const spectator = { username: null, color: null, both_sides: false };
  assert.equal(followedTournament(createPage({ state: over, viewer: spectator, tournament })),
    null);
  assert.equal(followedTournament(page(over)), null); // no tournament
  // Its own game named, or none yet: stay; a new one (on connect, or as it starts): go, once.
  const stay = receiveTournamentNews(mine, { type: "tournament", me: { game: "g1" } });
  assert.equal(stay.go, null);
  assert.equal(receiveTournamentNews(mine, { type: "tournament", me: null }).go, null);
  const told = receiveTournamentNews(mine, { type: "tournament", me: { game: "g2" } });
  assert.equal(told.go, "g2");
  assert.equal(receiveTournamentNews(told.page, { type: "game_started", game: "g3" }).go, null);
  assert.equal(receiveTournamentNews(mine, { type: "game_started", game: "g3" }).go, "g3");
});

// Move confirmation (the settings' confirm_moves): a move made on the board in a live online game
// waits for Confirm in correspondence games by default, in every one with "always", never with
// "never"; pass-and-play never; a new position drops a move held on the old one.
test("a move made on the board waits for confirmation as the settings say", () => {
  const withSettings = (state, confirm_moves) =>
    createPage({ state, viewer: alice, preferences: { confirm_moves } });
  const correspondence = liveState(2, { speed: "correspondence", clock: { days: 3 } });
  const blitz = liveState(2, { speed: "blitz" });
  assert.equal(confirmsMoves(page(correspondence)), true); // the default
  assert.equal(confirmsMoves(page(blitz)), false);
  assert.equal(confirmsMoves(withSettings(blitz, "always")), true);
  assert.equal(confirmsMoves(withSettings(correspondence, "never")), false);
  assert.equal(confirmsMoves(withSettings(liveState(2, { mode: "local" }), "always")), false);
  assert.equal(confirmsMoves(withSettings(liveState(2, { status: "finished" }), "always")), false);

  const held = withHeld(page(correspondence), { text: "Nf3", path: ["g1", "f3"] });
  assert.equal(confirmText(held), "Play Nf3?");
  assert.equal(hint(held, { promoting: false, view: {} }).text, "Confirm your move, or cancel it.");
  assert.equal(confirmText(withHeld(held, null)), null);
  // The same position told again (a clock, a draw offer) keeps it; the next ply drops it.
  const again = receiveState(held, delta(liveState(2, { speed: "correspondence", draw_offer: "black" })));
  assert.equal(again.page.held.text, "Nf3");
  const moved = receiveState(held, delta(liveState(3, { speed: "correspondence" })));
  assert.equal(moved.applied && moved.page.held, null);
});
