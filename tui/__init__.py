"""arbiter's face: the Textual app and the command line."""
