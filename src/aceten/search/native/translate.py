"""Translate the solver's kernels, as written for numba, into one C file.

The step function (``rules/step.py``) and the search kernels (``search/kernels.py``,
``search/endgame.py``, ``search/dds.py``) are written once, in a small subset of Python that
numba compiles: integers, int64 arrays, loops and calls. This module reads their source with
:mod:`ast` and writes the same functions in C, so that a C compiler can build them at install
time in a few seconds, where numba takes one to two minutes of CPU at first use. Nothing here
imports numba or the modules it reads: the build hook (``hatch_build.py``) runs it from the
source tree.

What the translation keeps of numba's semantics:

- every integer is int64 unless it is a uint64 (``np.uint64(...)``, a literal of 2**63 or more,
  or arithmetic on uint64s); mixing the two in arithmetic is refused, as numba would make it
  a float;
- ``+ - * << ~`` wrap (the C file is compiled with ``-fwrapv``); ``//`` and ``%`` round toward
  minus infinity; ``>>`` of an int64 is arithmetic, as in numba;
- a literal negative index counts from the end, as in Python; array elements are int64;
- an array parameter named in a module's ``FIXED_ROWS`` has rows of those lengths in every
  kernel that takes it: the C code indexes it by them as constants, refuses to pass it an array
  whose rows are not known to be so, and the Python wrapper checks the arrays it is given;
- ``and``/``or`` are translated only where their operands are booleans or only their truth
  matters, the only places where C's ``&&``/``||`` mean the same.

Anything outside the subset stops the translation with the file and line, rather than being
guessed at. The tests (``tests/test_native.py``) hold the compiled C equal to the numba kernels
(the same values, the same node counts) on positions of every game.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2]  # src/aceten
# The modules whose kernels are translated, in an order where each imports only earlier ones.
MODULES = ("rules/layout.py", "seeded.py", "rules/step.py", "search/kernels.py", "search/rng.py",
           "search/endgame.py", "search/duel.py", "search/obliged.py", "search/manyseats.py", "search/dds.py",
           "search/batch.py")
KERNEL_DECORATORS = ("kernel", "njit", "intrinsic")
ALIASES = {"aceten.rules.jit": "step"}  # the compiled twins are the step functions themselves
I64, U64, BOOL, F64 = "i", "u", "b", "f"  # scalar kinds (a bool is an int64 in C)


class TranslateError(Exception):
    """A construct outside the subset the translation knows."""


@dataclass(frozen=True)
class Arr:
    ndim: int
    elem: str | None = None  # U64 for a uint64 array; None or I64: int64

    @property
    def ctype(self) -> str:
        return "uint64_t" if self.elem == U64 else "int64_t"


@dataclass(frozen=True)
class Tup:
    items: tuple[object, ...]


@dataclass
class Func:
    module: str
    name: str
    node: ast.FunctionDef
    inline: bool
    params: list[str]
    ptypes: dict[str, object] = field(default_factory=dict)  # param -> kind, Arr
    ret: object = None  # None (no value), a kind, or a Tup
    calls: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        return f"{self.module}.{self.name}"

    @property
    def cname(self) -> str:
        return f"{self.module}__{self.name}"


@dataclass
class Module:
    name: str
    path: Path
    tree: ast.Module
    consts: dict[str, int | float] = field(default_factory=dict)
    unsigned: set[str] = field(default_factory=set)  # constants made by np.uint64(...)
    # kernel -> its parameters that are uint64 arrays (a module's UINT64_ARRAYS: Python passes them)
    uint64_arrays: dict[str, tuple[str, ...]] = field(default_factory=dict)
    funcs: dict[str, str] = field(default_factory=dict)  # local name -> Func key


def _where(mod: Module, node: ast.AST) -> str:
    return f"{mod.path.name}:{getattr(node, 'lineno', '?')}"


class Program:
    """Every kernel of MODULES, its types and its C text."""

    def __init__(self, package: Path = PACKAGE) -> None:
        self.package = package
        self.modules: dict[str, Module] = {}
        self.funcs: dict[str, Func] = {}
        # every module's FIXED_ROWS: an array parameter of that name, in any kernel, has rows
        # of these lengths, which the C code indexes by as constants
        self.fixed_rows: dict[str, tuple[int, ...]] = {}
        for rel in MODULES:
            self._load(rel)
        self._infer()
        self._check_fixed_rows()

    # -- reading -----------------------------------------------------------------------------
    def _load(self, rel: str) -> None:
        path = self.package / rel
        name = Path(rel).stem
        mod = Module(name, path, ast.parse(path.read_text(), str(path)))
        self.modules[name] = mod
        for node in mod.tree.body:
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("aceten."):
                src = self.modules.get(ALIASES.get(node.module, node.module.rsplit(".", 1)[1]))
                if src is None:
                    continue  # a module without kernels (numpy helpers and the like)
                for alias in node.names:
                    local = alias.asname or alias.name
                    if alias.name in src.consts:
                        mod.consts[local] = src.consts[alias.name]
                        if alias.name in src.unsigned:
                            mod.unsigned.add(local)
                    elif alias.name in src.funcs:
                        mod.funcs[local] = src.funcs[alias.name]
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "UINT64_ARRAYS":
                mod.uint64_arrays = ast.literal_eval(node.value)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "FIXED_ROWS":
                self._fixed_rows(mod, node)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name):
                with contextlib.suppress(TranslateError):  # else not a constant kernels may use
                    mod.consts[node.targets[0].id] = self._const(mod, node.value)
                    if isinstance(node.value, ast.Call) and _Walker.is_np(node.value.func, "uint64"):
                        mod.unsigned.add(node.targets[0].id)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Tuple) and isinstance(node.value, ast.Tuple):
                for t, v in zip(node.targets[0].elts, node.value.elts):
                    if isinstance(t, ast.Name):
                        with contextlib.suppress(TranslateError):
                            mod.consts[t.id] = self._const(mod, v)
            elif isinstance(node, ast.FunctionDef):
                inline = self._kernel_mark(node)
                if inline is None:
                    continue
                func = Func(name, node.name, node, inline, [a.arg for a in node.args.args])
                if f"{name}.{node.name}" in INTRINSICS:
                    _, params, ret = INTRINSICS[f"{name}.{node.name}"]
                    func.params = [f"a{i}" for i in range(len(params))]
                    func.ptypes = dict(zip(func.params, params))
                    func.ret = ret
                    self.funcs[func.key] = func
                    mod.funcs[node.name] = func.key
                    continue
                if any(isinstance(d, ast.Name) and d.id == "intrinsic" for d in node.decorator_list):
                    raise TranslateError(f"{_where(mod, node)}: an intrinsic without a C twin "
                                         "(INTRINSICS in translate.py)")
                for a in mod.uint64_arrays.get(node.name, ()):
                    func.ptypes[a] = Arr(1, U64)  # its dimensions from its uses
                if node.args.vararg or node.args.kwarg or node.args.kwonlyargs or node.args.defaults:
                    raise TranslateError(f"{_where(mod, node)}: kernels take plain positional parameters")
                self.funcs[func.key] = func
                mod.funcs[node.name] = func.key

    def _fixed_rows(self, mod: Module, node: ast.Assign) -> None:
        """A module's ``FIXED_ROWS = {"E": (COLS,), ...}``: each name's row lengths, integer
        constants of the module (the same wherever the name is declared)."""
        if not isinstance(node.value, ast.Dict):
            raise TranslateError(f"{_where(mod, node)}: FIXED_ROWS must be a dict literal")
        for k, v in zip(node.value.keys, node.value.values):
            if not (isinstance(k, ast.Constant) and isinstance(k.value, str)
                    and isinstance(v, ast.Tuple) and v.elts):
                raise TranslateError(f"{_where(mod, node)}: FIXED_ROWS maps names to tuples")
            lengths = [self._const(mod, e) for e in v.elts]
            if not all(isinstance(n, int) and n > 0 for n in lengths):
                raise TranslateError(f"{_where(mod, node)}: {k.value}'s rows need positive lengths")
            dims = tuple(int(n) for n in lengths)
            if self.fixed_rows.get(k.value, dims) != dims:
                raise TranslateError(f"{_where(mod, node)}: {k.value}'s rows declared twice, "
                                     "differently")
            self.fixed_rows[k.value] = dims

    def _check_fixed_rows(self) -> None:
        """Every array parameter with fixed rows has as many dimensions as they say."""
        for func in self.funcs.values():
            for p, k in func.ptypes.items():
                rows = self.fixed_rows.get(p)
                if rows is not None and isinstance(k, Arr) and k.ndim != len(rows) + 1:
                    raise TranslateError(f"{func.module}.{func.name}: {p} has {k.ndim} dimensions "
                                         f"where FIXED_ROWS gives {len(rows)} after the first")

    @staticmethod
    def _kernel_mark(node: ast.FunctionDef) -> bool | None:
        """None for a plain function; else whether the kernel is inlined into its callers."""
        for dec in node.decorator_list:
            call = dec if isinstance(dec, ast.Call) else None
            target = call.func if call else dec
            if isinstance(target, ast.Name) and target.id in KERNEL_DECORATORS:
                inline = False
                for kw in call.keywords if call else []:
                    if kw.arg == "inline":
                        inline = isinstance(kw.value, ast.Constant) and kw.value.value in (True, "always")
                for arg in call.args if call else []:
                    inline = isinstance(arg, ast.Constant) and arg.value is True
                return inline
        return None

    def _const(self, mod: Module, node: ast.expr) -> int | float:
        """The value of a module-level number: an integer expression, a float, np.uint64(...)."""
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return node.value  # type: ignore[no-any-return]
        if isinstance(node, ast.Call) and _Walker.is_np(node.func, "uint64", "int64") and len(node.args) == 1:
            return self._const(mod, node.args[0])
        if isinstance(node, ast.Name) and node.id in mod.consts:
            return mod.consts[node.id]
        if isinstance(node, ast.UnaryOp):
            v = self._const(mod, node.operand)
            if isinstance(node.op, ast.USub):
                return -v
            if isinstance(node.op, ast.Invert) and isinstance(v, int):
                return ~v
        if isinstance(node, ast.BinOp):
            a, b = self._const(mod, node.left), self._const(mod, node.right)
            if not (isinstance(a, int) and isinstance(b, int)):
                raise TranslateError(f"{_where(mod, node)}: float arithmetic in a constant")
            ops = {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b, ast.BitOr: a | b,
                   ast.BitAnd: a & b, ast.BitXor: a ^ b}
            if type(node.op) in ops:
                return ops[type(node.op)]
            if isinstance(node.op, ast.LShift):
                return a << b
            if isinstance(node.op, ast.RShift):
                return a >> b
            if isinstance(node.op, ast.FloorDiv) and b:
                return a // b
        raise TranslateError(f"{_where(mod, node)}: not an integer constant")

    # -- types -------------------------------------------------------------------------------
    def _infer(self) -> None:
        """Parameter kinds from the call sites, return kinds from the returns, to a fixpoint
        (the call graph has no cycles: numba cannot cache recursion, so the kernels have none)."""
        for settle in (False, True):
            for _ in range(50):
                before = self._signature()
                for func in self.funcs.values():
                    if func.key in INTRINSICS:
                        continue
                    _Typer(self, func).run()
                if self._signature() == before:
                    break
            else:
                raise TranslateError("the kernels' types did not settle")
            if settle:
                return
            for func in self.funcs.values():  # called from Python only: integers from Python
                for p in func.params:
                    func.ptypes.setdefault(p, I64)

    def _signature(self) -> object:
        return [(k, sorted(f.ptypes.items()), f.ret) for k, f in self.funcs.items()]

    # -- writing -----------------------------------------------------------------------------
    def c_source(self) -> str:
        out = [HEADER]
        tuples: dict[str, Tup] = {}
        bodies = []
        protos = []
        entries = []
        for func in self._ordered():
            writer = _Writer(self, func)
            bodies.append(writer.function())  # its prototype's tuple included
            tuples.update(writer.tuples)
            protos.append(writer.prototype() + ";")
            entries.append(writer.entry())
        for name, tup in sorted(tuples.items()):
            if name == "tup_uu":
                continue  # in the header, for ace_mul
            fields = " ".join(f"{_ctype(t)} f{i};" for i, t in enumerate(tup.items))
            out.append(f"typedef struct {{ {fields} }} {name};")
        out.append("")
        out.extend(protos)
        out.append("")
        out.extend(bodies)
        out.extend(entries)
        return "\n".join(out) + "\n"

    def _ordered(self) -> list[Func]:
        """Callees before callers (prototypes make any order compile; this one reads better)."""
        done: dict[str, Func] = {}

        def visit(key: str) -> None:
            if key in done:
                return
            func = self.funcs[key]
            for callee in sorted(func.calls):
                visit(callee)
            done[key] = func

        for key in self.funcs:
            if key not in INTRINSICS:
                visit(key)
        return [f for k, f in done.items() if k not in INTRINSICS]

    def exported(self) -> dict[str, Func]:
        """The functions callable from Python (every kernel), by Python name per module:
        ``{'dds.exact_value': Func, ...}``; an inlined one through its entry (entry_name)."""
        return {k: f for k, f in self.funcs.items() if k not in INTRINSICS}


def entry_name(func: Func) -> str:
    """The C symbol Python calls for ``func`` (``_Writer.entry``)."""
    return f"{func.cname}__entry"


# Functions whose compiled twins are single CPU instructions (the step's bit helpers, as in
# aceten.rules.jit; the generator's widening multiplication, an LLVM intrinsic in rng.py): their
# C name, parameters and result.
INTRINSICS: dict[str, tuple[str, tuple[str, ...], object]] = {
    "step.low_bit": ("ace_low_bit", (I64,), I64),
    "step.popcount": ("ace_popcount", (I64,), I64),
    "rng._mul": ("ace_mul", (U64, U64), Tup((U64, U64))),
    "kernels.prefetch": ("ace_prefetch", (Arr(1, I64), I64), I64),
}


def _dtype(call: ast.Call) -> str | None:
    for kw in call.keywords:
        if kw.arg == "dtype":
            return U64 if ast.unparse(kw.value) == "np.uint64" else I64
    return None


def _tup_name(t: Tup) -> str:
    return "tup_" + "".join(_kind_letter(x) for x in t.items)


def _kind_letter(t: object) -> str:
    if t in (U64, F64):
        return str(t)
    if isinstance(t, (Arr, Tup)):
        raise TranslateError("a tuple holds numbers only")
    return "i"


def _ctype(t: object) -> str:
    if t is None:
        return "void"
    if isinstance(t, Tup):
        return _tup_name(t)
    if isinstance(t, Arr):
        return "int64_t *"
    if t == F64:
        return "double"
    return "uint64_t" if t == U64 else "int64_t"


def _unify(a: object, b: object, where: str) -> object:
    if a is None or a == b:
        return b
    if b is None:
        return a
    if isinstance(a, Arr) and isinstance(b, Arr):
        if a.elem and b.elem and a.elem != b.elem:
            raise TranslateError(f"{where}: an array of two element types")
        # X[i] is a row of X where X is indexed X[i, j] too
        return Arr(max(a.ndim, b.ndim), a.elem or b.elem)
    if {a, b} == {I64, BOOL}:
        return I64
    if {a, b} in ({I64, F64}, {BOOL, F64}):
        return F64  # numba makes an int and a float one float64
    if isinstance(a, Tup) and isinstance(b, Tup) and len(a.items) == len(b.items):
        return Tup(tuple(_unify(x, y, where) for x, y in zip(a.items, b.items)))
    raise TranslateError(f"{where}: one value takes two types ({a} and {b}), which numba would "
                         "make a float or refuse")


class _Walker:
    """What the typer and the writer share: names, calls and expression kinds."""

    def __init__(self, program: Program, func: Func) -> None:
        self.program = program
        self.func = func
        self.mod = program.modules[func.module]
        self.locals: dict[str, object] = {}

    def where(self, node: ast.AST) -> str:
        return _where(self.mod, node)

    def fail(self, node: ast.AST, what: str) -> TranslateError:
        return TranslateError(f"{self.where(node)}: {what}")

    def callee(self, node: ast.expr) -> Func | None:
        if isinstance(node, ast.Name) and node.id not in self.locals and node.id in self.mod.funcs:
            return self.program.funcs[self.mod.funcs[node.id]]
        return None

    def kind(self, node: ast.expr) -> object:
        """The kind of an expression: I64, U64, BOOL, an Arr or a Tup."""
        if isinstance(node, ast.Constant):
            if node.value is True or node.value is False:
                return BOOL
            if type(node.value) is int:
                return U64 if node.value >= 1 << 63 else I64
            if type(node.value) is float:
                return F64
            raise self.fail(node, f"constant {node.value!r}")
        if isinstance(node, ast.Name):
            if node.id in self.locals:
                return self.locals[node.id]
            if node.id in self.func.ptypes:
                return self.func.ptypes[node.id]
            if node.id in self.mod.consts:
                return self.const_kind(node.id)
            if node.id in self.func.params:
                return None  # not yet known
            raise self.fail(node, f"unknown name {node.id}")
        if isinstance(node, ast.BinOp):
            a, b = self.kind(node.left), self.kind(node.right)
            if isinstance(node.op, (ast.LShift, ast.RShift)):
                return a if a in (U64, None) else I64
            if isinstance(node.op, (ast.Pow, ast.MatMult)) \
                    or (isinstance(node.op, ast.Div) and U64 in (a, b)):
                raise self.fail(node, "only integer arithmetic and float64")
            if F64 in (a, b) or isinstance(node.op, ast.Div):
                if U64 in (a, b):
                    raise self.fail(node, "uint64 mixed with a float")
                if isinstance(node.op, (ast.Mod, ast.BitAnd, ast.BitOr, ast.BitXor)):
                    raise self.fail(node, "% or a bit operation on a float")
                return F64
            if a is None or b is None:
                return a or b
            if U64 in (a, b) and a != b:
                raise self.fail(node, "int64 mixed with uint64 (numba would make a float)")
            return U64 if a == U64 else I64
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                return BOOL
            k = self.kind(node.operand)
            return I64 if k == BOOL else k
        if isinstance(node, (ast.Compare,)):
            return BOOL
        if isinstance(node, ast.BoolOp):
            kinds = {self.kind(v) for v in node.values}
            return BOOL if kinds <= {BOOL, None} else I64
        if isinstance(node, ast.IfExp):
            return _unify(self.kind(node.body), self.kind(node.orelse), self.where(node))
        if isinstance(node, ast.Subscript):
            if isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
                return I64
            base = self.kind(node.value)
            if isinstance(base, Tup):
                return base.items[self.tuple_index(node)]
            idx = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if any(isinstance(i, ast.Slice) for i in idx):
                return Arr(1, base.elem if isinstance(base, Arr) else None)  # a view X[a:b]
            if isinstance(base, Arr) and base.ndim > len(idx):
                return Arr(base.ndim - len(idx), base.elem)  # a row
            return U64 if isinstance(base, Arr) and base.elem == U64 else I64  # an element
        if isinstance(node, ast.Attribute):
            raise self.fail(node, "attribute outside a call or .shape[...]")
        if isinstance(node, ast.Tuple):
            return Tup(tuple(self.kind(e) for e in node.elts))
        if isinstance(node, ast.Call):
            return self.call_kind(node)
        raise self.fail(node, f"expression {type(node).__name__}")

    def const_kind(self, name: str) -> str:
        v = self.mod.consts[name]
        if isinstance(v, float):
            return F64
        return U64 if name in self.mod.unsigned or v >= 1 << 63 else I64

    def tuple_index(self, node: ast.Subscript) -> int:
        if isinstance(node.slice, ast.Constant) and type(node.slice.value) is int:
            return node.slice.value
        raise self.fail(node, "a tuple indexed by a non-constant")

    def call_kind(self, node: ast.Call) -> object:
        f = node.func
        if node.keywords and not self.is_np(f, "empty", "zeros"):
            raise self.fail(node, "keyword arguments")
        callee = self.callee(f)
        if callee is not None:
            return callee.ret
        if isinstance(f, ast.Name):
            if f.id in ("min", "max"):
                k = None
                for a in node.args:
                    k = _unify(k, self.kind(a), self.where(node))
                return I64 if k == BOOL else k
            if f.id in ("abs", "len", "int"):
                return I64
            if f.id == "bool":
                return BOOL
        if self.is_np(f, "uint64"):
            return U64
        if self.is_np(f, "int64"):
            return I64
        if self.is_np(f, "empty", "zeros"):
            return Arr(1, _dtype(node))
        raise self.fail(node, f"call of {ast.unparse(f)}")

    @staticmethod
    def is_np(node: ast.expr, *names: str) -> bool:
        return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
            and node.value.id == "np" and node.attr in names


class _Typer(_Walker):
    """One pass over a function: its locals' kinds, its return kind, its callees' parameters."""

    def run(self) -> None:
        self.ret: object = None
        self.returns_value = False
        for _ in range(10):
            before = dict(self.locals)
            self.block(self.func.node.body)
            if before == self.locals:
                break
        self.func.ret = _unify(self.func.ret, self.ret, self.where(self.func.node))

    def assign(self, name: str, k: object, node: ast.AST) -> None:
        if name in self.func.params:
            self.func.ptypes[name] = _unify(self.func.ptypes.get(name), k, self.where(node))
        else:
            self.locals[name] = _unify(self.locals.get(name), k, self.where(node))

    def block(self, stmts: list[ast.stmt]) -> None:
        for s in stmts:
            self.stmt(s)

    def stmt(self, s: ast.stmt) -> None:
        if isinstance(s, ast.Assign):
            self.exprs(s.value)
            for t in s.targets:
                self.target(t, s.value)
        elif isinstance(s, ast.AugAssign):
            self.exprs(s.value)
            self.exprs(s.target)
            if isinstance(s.target, ast.Name):
                k = self.kind(ast.BinOp(s.target, s.op, s.value, lineno=s.lineno))
                self.assign(s.target.id, k, s)
        elif isinstance(s, (ast.If, ast.While)):
            self.exprs(s.test)
            self.block(s.body)
            self.block(s.orelse)
        elif isinstance(s, ast.For):
            if not (isinstance(s.iter, ast.Call) and isinstance(s.iter.func, ast.Name)
                    and s.iter.func.id == "range" and isinstance(s.target, ast.Name)):
                raise self.fail(s, "a for loop other than over range(...)")
            for a in s.iter.args:
                self.exprs(a)
            self.assign(s.target.id, I64, s)
            self.block(s.body)
            self.block(s.orelse)
        elif isinstance(s, ast.Return):
            if s.value is not None:
                self.exprs(s.value)
                self.ret = _unify(self.ret, self.kind(s.value), self.where(s))
        elif isinstance(s, ast.Expr):
            if not (isinstance(s.value, ast.Constant) and isinstance(s.value.value, str)):
                self.exprs(s.value)
        elif not isinstance(s, (ast.Pass, ast.Break, ast.Continue, ast.Assert)):
            raise self.fail(s, f"statement {type(s).__name__}")

    def target(self, t: ast.expr, value: ast.expr) -> None:
        if isinstance(t, ast.Name):
            self.assign(t.id, self.kind(value), t)
        elif isinstance(t, ast.Tuple):
            k = self.kind(value)
            if k is None:
                return  # a callee's return not known yet: the next pass
            if not isinstance(k, Tup) or len(k.items) != len(t.elts):
                raise self.fail(t, "tuple assignment from a value that is not a tuple of that size")
            for e, ek in zip(t.elts, k.items):
                if isinstance(e, ast.Subscript):
                    self.exprs(e)
                    continue
                if not isinstance(e, ast.Name):
                    raise self.fail(t, "tuple assignment to something other than names")
                self.assign(e.id, ek, e)
        elif isinstance(t, ast.Subscript):
            self.exprs(t)
        else:
            raise self.fail(t, f"assignment to {type(t).__name__}")

    def exprs(self, node: ast.expr) -> None:
        """Note every array use and call in ``node`` (parameter kinds come from here)."""
        for sub in ast.walk(node):
            if isinstance(sub, ast.Subscript) and isinstance(sub.value, ast.Name):
                name = sub.value.id
                k = self.kind(sub.value) if name not in self.func.params else self.func.ptypes.get(name)
                if isinstance(k, Tup):
                    continue
                idx = sub.slice.elts if isinstance(sub.slice, ast.Tuple) else [sub.slice]
                if name in self.func.params:
                    self.func.ptypes[name] = _unify(self.func.ptypes.get(name), Arr(len(idx)),
                                                    self.where(sub))
            elif isinstance(sub, ast.Call):
                callee = self.callee(sub.func)
                if callee is None:
                    continue
                if len(sub.args) != len(callee.params):
                    raise self.fail(sub, f"{callee.name} takes {len(callee.params)} arguments")
                self.func.calls.add(callee.key)
                for p, a in zip(callee.params, sub.args):
                    if isinstance(a, ast.Subscript) and isinstance(callee.ptypes.get(p), Arr):
                        continue  # a row of an array
                    ak = self.kind(a)
                    if isinstance(a, ast.Name) and a.id in self.func.params and ak is None:
                        pk = callee.ptypes.get(p)
                        if isinstance(pk, Arr):
                            self.func.ptypes[a.id] = pk
                        continue
                    if ak is not None:
                        callee.ptypes[p] = _unify(callee.ptypes.get(p), ak, self.where(sub))


class _Writer(_Walker):
    """The C text of one function."""

    def __init__(self, program: Program, func: Func) -> None:
        super().__init__(program, func)
        typer = _Typer(program, func)
        typer.run()
        self.locals = typer.locals
        self.arrays: dict[str, list[str]] = {}  # array name -> its C dimension expressions
        for p in func.params:
            k = func.ptypes.get(p, I64)
            if isinstance(k, Arr):
                self.arrays[p] = [f"{p}_d0", *self.row_lengths(p, k)]
        self.tuples: dict[str, Tup] = {}
        self.tmp = 0

    def row_lengths(self, p: str, k: Arr) -> list[str]:
        """The C expressions of an array parameter's dimensions after the first: constants where
        FIXED_ROWS gives them (the compiler folds them into the address arithmetic: 0.94 of the
        CPU of 2-player Cruce's and 3-player Briscola's solves, 0.97 of Klaverjas' and 4-player
        Briscola's), else the lengths passed in."""
        rows = self.program.fixed_rows.get(p)
        if rows is not None:
            return [str(n) for n in rows]
        return [f"{p}_d{i}" for i in range(1, k.ndim)]

    def c_params(self) -> list[tuple[str, str]]:
        """The C parameters, (type, name): an array as its pointer and its dimensions (passed
        even where they are constants here, so that every call has the same form)."""
        params = []
        for p in self.func.params:
            k = self.func.ptypes.get(p, I64)
            if isinstance(k, Arr):
                params.append((f"{k.ctype} *", p))
                params.extend(("int64_t ", f"{p}_d{i}") for i in range(k.ndim))
            else:
                params.append((f"{_ctype(k)} ", p))
        return params

    def entry(self) -> str:
        """The exported entry Python calls. Inside C every kernel is ``static`` (an inlined one
        inlined; the solver's two-thread driver calls ``probe_next`` too, say): the compiler
        may then inline, clone and trim the others' parameters, and calls among them go
        straight to them, not through the PLT. (Exported, they took 1.03-1.12 times the CPU of
        the solves: ``-fno-semantic-interposition`` alone, which binds the calls locally but
        keeps every signature, gained nothing in 2-player Cruce.)"""
        params = self.c_params()
        call = f"{self.func.cname}({', '.join(name for _, name in params)})"
        body = f"{call};" if self.func.ret is None else f"return {call};"
        decl = ", ".join(t + name for t, name in params) or "void"
        return f"ACE_EXPORT {_ctype(self.func.ret)} {entry_name(self.func)}({decl}) {{ {body} }}"

    def prototype(self) -> str:
        params = [t + name for t, name in self.c_params()]
        ret = _ctype(self.func.ret)
        if isinstance(self.func.ret, Tup):
            self.tuples[_tup_name(self.func.ret)] = self.func.ret
        lead = "static inline __attribute__((always_inline)) " if self.func.inline else "static "
        return f"{lead}{ret} {self.func.cname}({', '.join(params) or 'void'})"

    def function(self) -> str:
        lines = [self.prototype() + " {"]
        for name, k in sorted(self.locals.items()):
            if isinstance(k, Arr):
                continue  # declared where it is made
            if isinstance(k, Tup):
                self.tuples[_tup_name(k)] = k
                lines.append(f"    {_tup_name(k)} {name};")
            else:
                lines.append(f"    {_ctype(k)} {name} = 0;")
        self.lines = lines
        self.block(self.func.node.body, 1)
        lines.append("}")
        lines.append("")
        return "\n".join(lines)

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def block(self, stmts: list[ast.stmt], depth: int) -> None:
        for s in stmts:
            self.stmt(s, depth)

    def new_tmp(self) -> str:
        self.tmp += 1
        return f"_t{self.tmp}"

    # -- statements ----------------------------------------------------------------------------
    def stmt(self, s: ast.stmt, d: int) -> None:
        if isinstance(s, ast.Assign):
            if len(s.targets) != 1:
                raise self.fail(s, "chained assignment")
            self.assign(s.targets[0], s.value, d)
        elif isinstance(s, ast.AugAssign):
            target = s.target
            if isinstance(target, ast.Subscript):
                lhs = self.subscript(target)
                k = I64
            elif isinstance(target, ast.Name):
                lhs = target.id
                k = self.kind(target)
            else:
                raise self.fail(s, "augmented assignment target")
            self.emit(d, f"{lhs} = {self.binop(s.op, lhs, k, self.expr(s.value), self.kind(s.value), s)};")
        elif isinstance(s, ast.If):
            self.emit(d, f"if ({self.test(s.test)}) {{")
            self.block(s.body, d + 1)
            if s.orelse:
                self.emit(d, "} else {")
                self.block(s.orelse, d + 1)
            self.emit(d, "}")
        elif isinstance(s, ast.While):
            if s.orelse:
                raise self.fail(s, "while ... else")
            self.emit(d, f"while ({self.test(s.test)}) {{")
            self.block(s.body, d + 1)
            self.emit(d, "}")
        elif isinstance(s, ast.For):
            self.for_range(s, d)
        elif isinstance(s, ast.Return):
            if s.value is None:
                self.emit(d, "return;")
            elif isinstance(self.func.ret, Tup):
                self.emit(d, f"return {self.tuple_value(s.value, self.func.ret)};")
            else:
                self.emit(d, f"return {self.cast(self.expr(s.value), self.kind(s.value), self.func.ret)};")
        elif isinstance(s, ast.Expr):
            if isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
                return
            self.emit(d, f"{self.expr(s.value)};")
        elif isinstance(s, ast.Break):
            self.emit(d, "break;")
        elif isinstance(s, ast.Continue):
            self.emit(d, "continue;")
        elif isinstance(s, (ast.Pass, ast.Assert)):
            pass
        else:
            raise self.fail(s, f"statement {type(s).__name__}")

    def for_range(self, s: ast.For, d: int) -> None:
        if s.orelse:
            raise self.fail(s, "for ... else")
        assert isinstance(s.iter, ast.Call) and isinstance(s.target, ast.Name)
        args = [self.expr(a) for a in s.iter.args]
        step = "1"
        if len(args) == 1:
            start, stop = "0", args[0]
        elif len(args) == 2:
            start, stop = args
        else:
            start, stop, step = args
        i, end, inc = self.new_tmp(), self.new_tmp(), self.new_tmp()
        self.emit(d, "{")
        self.emit(d + 1, f"const int64_t {end} = {stop}, {inc} = {step};")
        cond = f"{inc} > 0 ? {i} < {end} : {i} > {end}"
        if len(args) < 3 or (isinstance(s.iter.args[2], ast.Constant)):
            cond = f"{i} < {end}" if len(args) < 3 or s.iter.args[2].value > 0 else f"{i} > {end}"
        self.emit(d + 1, f"for (int64_t {i} = {start}; {cond}; {i} += {inc}) {{")
        self.emit(d + 2, f"{s.target.id} = {i};")
        self.block(s.body, d + 2)
        self.emit(d + 1, "}")
        self.emit(d, "}")

    def assign(self, t: ast.expr, value: ast.expr, d: int) -> None:
        if isinstance(t, ast.Name):
            k = self.locals.get(t.id, self.func.ptypes.get(t.id))
            if isinstance(k, Arr):
                self.new_array(t.id, value, d)
            elif isinstance(k, Tup):
                self.emit(d, f"{t.id} = {self.tuple_value(value, k)};")
            else:
                self.emit(d, f"{t.id} = {self.cast(self.expr(value), self.kind(value), k)};")
        elif isinstance(t, ast.Tuple):
            targets = [(self.subscript(e) if isinstance(e, ast.Subscript) else e.id, self.kind(e))
                       for e in t.elts if isinstance(e, (ast.Name, ast.Subscript))]
            if len(targets) != len(t.elts):
                raise self.fail(t, "tuple assignment to something other than names and elements")
            if isinstance(value, ast.Tuple):  # a, b = b, a: every value first
                temps = []
                for (_, k), v in zip(targets, value.elts):
                    tmp = self.new_tmp()
                    self.emit(d, f"{_ctype(k)} {tmp} = {self.cast(self.expr(v), self.kind(v), k)};")
                    temps.append(tmp)
                for (lhs, _), tmp in zip(targets, temps):
                    self.emit(d, f"{lhs} = {tmp};")
            else:
                vk = self.kind(value)
                assert isinstance(vk, Tup)
                tmp = self.new_tmp()
                self.tuples[_tup_name(vk)] = vk
                self.emit(d, f"{_tup_name(vk)} {tmp} = {self.expr(value)};")
                for i, ((lhs, k), ik) in enumerate(zip(targets, vk.items)):
                    self.emit(d, f"{lhs} = {self.cast(f'{tmp}.f{i}', ik, k)};")
        elif isinstance(t, ast.Subscript):
            if self.is_slice(t):
                self.slice_assign(t, value, d)
            else:
                self.emit(d, f"{self.subscript(t)} = "
                             f"{self.cast(self.expr(value), self.kind(value), self.kind(t))};")
        else:
            raise self.fail(t, "assignment target")

    def new_array(self, name: str, value: ast.expr, d: int) -> None:
        if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) \
                and isinstance(value.slice, ast.Slice) and value.slice.step is None:
            base = value.value.id  # X[a:b]: a view into X, as numba makes it
            dims = self.array_dims(base, value)
            if len(dims) != 1:
                raise self.fail(value, "a view of a one-dimensional array only")
            lo = self.expr(value.slice.lower) if value.slice.lower else "0"
            hi = self.expr(value.slice.upper) if value.slice.upper else dims[0]
            k = self.kind(value.value)
            ctype = k.ctype if isinstance(k, Arr) else "int64_t"
            self.emit(d, f"{ctype} *{name} = {base} + ({lo});")
            self.emit(d, f"const int64_t {name}_d0 = ({hi}) - ({lo});")
            self.arrays[name] = [f"{name}_d0"]
            return
        if not (isinstance(value, ast.Call) and self.is_np(value.func, "empty", "zeros")):
            raise self.fail(value, "an array local made other than by np.empty/np.zeros")
        if len(value.args) != 1 or isinstance(value.args[0], ast.Tuple):
            raise self.fail(value, "a local array of one dimension")
        for kw in value.keywords:
            if kw.arg != "dtype" or ast.unparse(kw.value) not in ("np.int64", "np.uint64"):
                raise self.fail(value, "a local array of int64 or uint64")
        ctype = Arr(1, _dtype(value)).ctype
        n = self.expr(value.args[0])
        self.emit(d, f"const int64_t {name}_d0 = {n};")
        self.emit(d, f"{ctype} {name}[{name}_d0 > 0 ? {name}_d0 : 1];")
        if value.func.attr == "zeros":  # type: ignore[attr-defined]
            self.emit(d, f"memset({name}, 0, sizeof({ctype}) * {name}_d0);")
        self.arrays[name] = [f"{name}_d0"]

    @staticmethod
    def is_slice(t: ast.Subscript) -> bool:
        idx = t.slice.elts if isinstance(t.slice, ast.Tuple) else [t.slice]
        return any(isinstance(i, ast.Slice) for i in idx)

    def slice_assign(self, t: ast.Subscript, value: ast.expr, d: int) -> None:
        """``X[:] = Y`` (a whole array), ``X[:] = v`` and ``X[a:b] = v`` (rows of X)."""
        if not isinstance(t.value, ast.Name) or isinstance(t.slice, ast.Tuple):
            raise self.fail(t, "a slice other than X[a:b]")
        name = t.value.id
        dims = self.array_dims(name, t)
        sl = t.slice
        assert isinstance(sl, ast.Slice)
        if sl.step is not None:
            raise self.fail(t, "a slice with a step")
        row = " * ".join(dims[1:]) or "1"
        lo = self.expr(sl.lower) if sl.lower else "0"
        hi = self.expr(sl.upper) if sl.upper else dims[0]
        i = self.new_tmp()
        vk = self.kind(value)
        if isinstance(vk, Arr):
            if not isinstance(value, ast.Name) or sl.lower or sl.upper:
                raise self.fail(t, "an array copy other than X[:] = Y")
            src_dims = self.array_dims(value.id, value)
            self.emit(d, f"memcpy({name}, {value.id}, sizeof(int64_t) * {' * '.join(src_dims)});")
            return
        v = self.expr(value)
        self.emit(d, f"for (int64_t {i} = ({lo}) * ({row}); {i} < ({hi}) * ({row}); {i}++) "
                     f"{name}[{i}] = {v};")

    # -- expressions ---------------------------------------------------------------------------
    def test(self, node: ast.expr) -> str:
        """An expression in a place where only its truth matters."""
        if isinstance(node, ast.BoolOp):
            op = " && " if isinstance(node.op, ast.And) else " || "
            return "(" + op.join(f"({self.test(v)})" for v in node.values) + ")"
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return f"!({self.test(node.operand)})"
        return self.expr(node)

    def cast(self, code: str, have: object, want: object) -> str:
        if want == F64 and have != F64:
            return f"((double)({code}))"
        if want in (I64, BOOL, U64) and have == F64:
            raise TranslateError(f"{self.func.module}.py, {self.func.name}: a float where an "
                                 f"integer goes (numba would refuse): {code}")
        if want == U64 and have != U64:
            return f"(uint64_t)({code})"
        if want in (I64, BOOL) and have == U64:
            return f"(int64_t)({code})"
        return code

    def tuple_value(self, value: ast.expr, k: Tup) -> str:
        name = _tup_name(k)
        self.tuples[name] = k
        if isinstance(value, ast.Tuple):
            items = ", ".join(self.cast(self.expr(e), self.kind(e), ek) for e, ek in zip(value.elts, k.items))
            return f"(({name}){{{items}}})"
        return self.expr(value)

    def array_dims(self, name: str, node: ast.AST) -> list[str]:
        if name not in self.arrays:
            raise self.fail(node, f"{name} is not an array here")
        return self.arrays[name]

    def subscript(self, node: ast.Subscript) -> str:
        if not isinstance(node.value, ast.Name):
            raise self.fail(node, "indexing something other than a name")
        name = node.value.id
        dims = self.array_dims(name, node)
        idx = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if len(idx) != len(dims):
            raise self.fail(node, f"{name} indexed by {len(idx)} of its {len(dims)} dimensions")
        flat = ""
        for i, (ix, dim) in enumerate(zip(idx, dims)):
            code = self.index(ix, dim)
            flat = code if i == 0 else f"({flat}) * {dim} + {code}"
        return f"{name}[{flat}]"

    def row(self, node: ast.Subscript, ndim: int) -> list[str]:
        """A row X[i] (or X[i, j] of a 3-d X) passed as an array: its start and dimensions."""
        assert isinstance(node.value, ast.Name)
        name = node.value.id
        dims = self.array_dims(name, node)
        idx = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if len(dims) - len(idx) != ndim:
            raise self.fail(node, f"a row of {name} with {ndim} dimensions")
        flat = ""
        for i, (ix, dim) in enumerate(zip(idx, dims)):
            code = self.index(ix, dim)
            flat = code if i == 0 else f"({flat}) * {dim} + {code}"
        rest = dims[len(idx):]
        return [f"({name} + ({flat}) * {' * '.join(rest)})", *rest]

    def index(self, ix: ast.expr, dim: str) -> str:
        if isinstance(ix, ast.UnaryOp) and isinstance(ix.op, ast.USub) \
                and isinstance(ix.operand, ast.Constant):
            return f"({dim} - {ix.operand.value})"
        if isinstance(ix, ast.Slice):
            raise self.fail(ix, "a slice read")
        code = self.expr(ix)
        return f"ACE_IX({code}, {dim})"

    def expr(self, node: ast.expr) -> str:
        if isinstance(node, ast.Constant):
            if node.value is True or node.value is False:
                return "1" if node.value else "0"
            return _literal(node.value)
        if isinstance(node, ast.Name):
            if node.id in self.locals or node.id in self.func.params:
                return node.id
            if node.id in self.mod.consts:
                return _literal(self.mod.consts[node.id], self.const_kind(node.id) == U64)
            raise self.fail(node, f"unknown name {node.id}")
        if isinstance(node, ast.BinOp):
            a, b = self.expr(node.left), self.expr(node.right)
            return self.binop(node.op, a, self.kind(node.left), b, self.kind(node.right), node)
        if isinstance(node, ast.UnaryOp):
            v = self.expr(node.operand)
            if isinstance(node.op, ast.Not):
                return f"(!({self.test(node.operand)}))"
            if isinstance(node.op, ast.USub):
                return f"(-({v}))"
            if isinstance(node.op, ast.Invert):
                return f"(~({v}))"
            if isinstance(node.op, ast.UAdd):
                return v
        if isinstance(node, ast.Compare):
            parts = []
            left = node.left
            for op, right in zip(node.ops, node.comparators):
                if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, ast.Tuple):
                    x = self.expr(left)  # x in (a, b): a name or constant, evaluated again
                    if not isinstance(left, (ast.Name, ast.Constant)):
                        raise self.fail(node, "`in` with an expression on its left")
                    eq = " || ".join(f"({x} == {self.expr(e)})" for e in right.elts)
                    parts.append(f"({eq})" if isinstance(op, ast.In) else f"(!({eq}))")
                    left = right
                    continue
                lk, rk = self.kind(left), self.kind(right)
                if U64 in (lk, rk) and lk != rk:
                    raise self.fail(node, "int64 compared with uint64")
                sym = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
                       ast.GtE: ">="}.get(type(op))
                if sym is None:
                    raise self.fail(node, f"comparison {type(op).__name__}")
                parts.append(f"({self.expr(left)} {sym} {self.expr(right)})")
                left = right
            return "(" + " && ".join(parts) + ")"
        if isinstance(node, ast.BoolOp):
            if self.kind(node) != BOOL:
                raise self.fail(node, "and/or of integers used as a value")
            return self.test(node)
        if isinstance(node, ast.IfExp):
            k = self.kind(node)
            return (f"(({self.test(node.test)}) ? {self.cast(self.expr(node.body), self.kind(node.body), k)}"
                    f" : {self.cast(self.expr(node.orelse), self.kind(node.orelse), k)})")
        if isinstance(node, ast.Subscript):
            if isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
                arr = node.value.value
                if not isinstance(arr, ast.Name):
                    raise self.fail(node, ".shape of an expression")
                return self.array_dims(arr.id, node)[self.tuple_index(node)]
            base = self.kind(node.value)
            if isinstance(base, Tup):
                return f"({self.expr(node.value)}).f{self.tuple_index(node)}"
            return self.subscript(node)
        if isinstance(node, ast.Call):
            return self.call(node)
        raise self.fail(node, f"expression {type(node).__name__}")

    def binop(self, op: ast.operator, a: str, ak: object, b: str, bk: object, node: ast.AST) -> str:
        if F64 in (ak, bk) or isinstance(op, ast.Div):
            fa, fb = f"((double)({a}))", f"((double)({b}))"
            if isinstance(op, ast.FloorDiv):
                return f"floor({fa} / {fb})"
            sym = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}.get(type(op))
            if sym is None:
                raise self.fail(node, f"operator {type(op).__name__} on a float")
            return f"({fa} {sym} {fb})"
        u = ak == U64
        if isinstance(op, ast.LShift):
            return f"({a} << {b})" if u else f"((int64_t)((uint64_t)({a}) << ({b})))"
        if isinstance(op, ast.RShift):
            return f"({a} >> {b})"
        if U64 in (ak, bk) and ak != bk:
            raise self.fail(node, "int64 mixed with uint64 (numba would make a float)")
        if isinstance(op, ast.FloorDiv):
            return f"({a} / {b})" if u else f"ace_floordiv({a}, {b})"
        if isinstance(op, ast.Mod):
            return f"({a} % {b})" if u else f"ace_floormod({a}, {b})"
        sym = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.BitAnd: "&", ast.BitOr: "|",
               ast.BitXor: "^"}.get(type(op))
        if sym is None:
            raise self.fail(node, f"operator {type(op).__name__}")
        return f"({a} {sym} {b})"

    def call(self, node: ast.Call) -> str:
        f = node.func
        callee = self.callee(f)
        if callee is not None:
            if callee.key in INTRINSICS:
                cname, params, _ret = INTRINSICS[callee.key]
                args = [self.cast(self.expr(a), self.kind(a), k) for a, k in zip(node.args, params)]
                return f"{cname}({', '.join(args)})"
            args = []
            for p, a in zip(callee.params, node.args):
                pk = callee.ptypes.get(p, I64)
                if isinstance(pk, Arr):
                    if isinstance(a, ast.Subscript) and isinstance(a.value, ast.Name):
                        passed = self.row(a, pk.ndim)
                    elif isinstance(a, ast.Name):
                        dims = self.array_dims(a.id, a)
                        if len(dims) != pk.ndim:
                            raise self.fail(a, f"{a.id} passed with {len(dims)} dimensions for {pk.ndim}")
                        passed = [a.id, *dims]
                    else:
                        raise self.fail(a, "an array argument other than a name")
                    rows = self.program.fixed_rows.get(p)
                    if rows is not None and passed[2:] != [str(n) for n in rows]:
                        raise self.fail(a, f"{p} of {callee.name} takes rows of {rows} (FIXED_ROWS); "
                                           "the array passed is not known to have them")
                    args.extend(passed)
                else:
                    args.append(self.cast(self.expr(a), self.kind(a), pk))
            return f"{callee.cname}({', '.join(args)})"
        assert isinstance(f, (ast.Name, ast.Attribute))
        if isinstance(f, ast.Name):
            if f.id in ("min", "max"):
                k = self.kind(node)
                code = self.cast(self.expr(node.args[0]), self.kind(node.args[0]), k)
                fn = f"ace_{f.id}_{'u' if k == U64 else 'f' if k == F64 else 'i'}"
                for a in node.args[1:]:
                    code = f"{fn}({code}, {self.cast(self.expr(a), self.kind(a), k)})"
                return code
            if f.id == "abs":
                return f"ace_abs({self.expr(node.args[0])})"
            if f.id == "len":
                a = node.args[0]
                if not isinstance(a, ast.Name):
                    raise self.fail(node, "len of an expression")
                return self.array_dims(a.id, node)[0]
            if f.id == "int":
                a = node.args[0]
                if self.kind(a) == F64:
                    return f"((int64_t)({self.expr(a)}))"  # toward zero, as Python's int()
                return self.cast(self.expr(a), self.kind(a), I64)
            if f.id == "bool":
                return f"(({self.expr(node.args[0])}) != 0)"
        if self.is_np(f, "uint64"):
            return f"((uint64_t)({self.expr(node.args[0])}))"
        if self.is_np(f, "int64"):
            return f"((int64_t)({self.expr(node.args[0])}))"
        raise self.fail(node, f"call of {ast.unparse(f)}")


def _literal(v: int | float, unsigned: bool = False) -> str:
    if isinstance(v, float):
        return repr(v)
    if v >= 1 << 63 or unsigned:
        return f"UINT64_C({v:#x})"
    if v == -(1 << 63):
        return "INT64_MIN"
    return f"INT64_C({v})" if abs(v) > 0x7FFFFFFF else str(v)


HEADER = r"""/* Generated by aceten.search.native.translate from the kernels' Python source: do not edit.
   Compile with -fwrapv (integer arithmetic wraps, as in numba). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#if defined(_WIN32)
#define ACE_EXPORT __declspec(dllexport)
#else
#define ACE_EXPORT __attribute__((visibility("default")))
#endif

#ifdef ACE_CHECK_BOUNDS
#include <stdio.h>
#include <stdlib.h>
static inline int64_t ace_ix(int64_t i, int64_t n, int line) {
    if (i < 0 || i >= n) { fprintf(stderr, "aceten C kernels: index %lld out of [0, %lld) (C line %d)\n",
                                   (long long)i, (long long)n, line); abort(); }
    return i;
}
#define ACE_IX(i, n) ace_ix((i), (n), __LINE__)
#else
#define ACE_IX(i, n) (i)
#endif

static inline int64_t ace_low_bit(int64_t m) { return m ? __builtin_ctzll((uint64_t)m) : 64; }
static inline int64_t ace_popcount(int64_t m) { return __builtin_popcountll((uint64_t)m); }
/* kernels.prefetch: start loading a table's word into the cache (a hint; no effect on values) */
static inline int64_t ace_prefetch(const int64_t *a, int64_t i) { __builtin_prefetch(a + i); return 0; }
static inline int64_t ace_min_i(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t ace_max_i(int64_t a, int64_t b) { return a > b ? a : b; }
static inline uint64_t ace_min_u(uint64_t a, uint64_t b) { return a < b ? a : b; }
static inline uint64_t ace_max_u(uint64_t a, uint64_t b) { return a > b ? a : b; }
static inline double ace_min_f(double a, double b) { return a < b ? a : b; }
static inline double ace_max_f(double a, double b) { return a > b ? a : b; }
static inline int64_t ace_abs(int64_t a) { return a < 0 ? -a : a; }
typedef struct { uint64_t f0; uint64_t f1; } tup_uu;
/* (high word, low word) of the 128-bit product: rng._mul, one widening multiplication */
static inline tup_uu ace_mul(uint64_t a, uint64_t b) {
    unsigned __int128 p = (unsigned __int128)a * b; tup_uu r = {(uint64_t)(p >> 64), (uint64_t)p}; return r;
}
static inline int64_t ace_floordiv(int64_t a, int64_t b) {
    int64_t q = a / b; return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q;
}
static inline int64_t ace_floormod(int64_t a, int64_t b) {
    int64_t r = a % b; return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
"""


def source_hash(package: Path = PACKAGE) -> str:
    """A hash of everything the library is made from: the kernels' modules, this translator
    and the build (its compiler flags)."""
    h = hashlib.sha256()
    for rel in (*MODULES, "search/native/translate.py", "search/native/build.py"):
        h.update(rel.encode())
        h.update((package / rel).read_bytes())
    return h.hexdigest()[:16]


def c_source(package: Path = PACKAGE) -> str:
    return Program(package).c_source()


if __name__ == "__main__":  # pragma: no cover - python -m aceten.search.native.translate > k.c
    print(c_source(), end="")
