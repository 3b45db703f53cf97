"""The one exception type of the core: bad input (never an illegal move)."""


class BuracoInputError(ValueError):
    """Input the core cannot read: an unparseable card, an unknown option, a malformed file.

    `where` names the place (a token, a field path, a file); the message says what was wrong
    there and, where it helps, what was expected.
    """

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)
