// Tests that import DiffableTesting get the value types with it.
@_exported import Diffable
