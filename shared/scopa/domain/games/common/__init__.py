"""What every game shares and no game owns: the seeded, verifiable shuffle and its commitments, the
Italian deck's card codes and masks, the error base, the bot base, and the engine base that replays a
match's log (records, finished deals, log entries). Nothing here imports a game."""
