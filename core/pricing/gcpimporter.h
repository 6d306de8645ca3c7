#pragma once
// Being written: the GCP importer.
