"""``python -m aceten``: the same as the ``aceten`` command."""

from aceten.cli import main

if __name__ == "__main__":
    main()
