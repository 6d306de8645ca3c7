// Tests for the GCP importer (being written).
