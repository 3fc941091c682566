// Apps that serve pages build them from data sources and snapshots.
@_exported import DiffableDataSource
