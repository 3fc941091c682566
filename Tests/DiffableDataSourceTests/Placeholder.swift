// Tests for the data sources.
