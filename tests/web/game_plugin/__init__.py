"""A test-only game's page plug-in (``cucu``), registered at runtime: proof that the shared pages choose
a game's pages by its name, with nothing edited outside this folder."""
