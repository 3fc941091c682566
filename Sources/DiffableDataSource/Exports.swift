// Code that drives a list view works with snapshots and batches too.
@_exported import Diffable
