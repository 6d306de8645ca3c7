#include "core/pricing/gcpimporter.h"
