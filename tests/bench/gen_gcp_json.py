#!/usr/bin/env python3
"""Writes Cloud Billing Catalog v1 SKU pages (services/6F81-5844-456A and E000-3F24-B8AA) of about
SIZE megabytes, for the JSON import benchmark (tests/bench/json_import.sh): pages of 5,000 SKUs
one after another, each SKU with the real members (name, skuId, description, category,
serviceRegions, pricingInfo with pricingExpression and tieredRates, serviceProviderName,
geoTaxonomy). The mix imitates Compute Engine: CPU, RAM, disks, licences and network SKUs
in many regions, a few percent GPU and TPU SKUs. Prices are illustrative.

usage: gen_gcp_json.py SIZE_MB OUT.json
"""
import json
import random
import sys

REGIONS = ["us-central1", "us-east1", "us-east4", "us-west1", "us-west4", "europe-west1", "europe-west4",
           "europe-west2", "asia-east1", "asia-northeast1", "asia-southeast1", "australia-southeast1",
           "southamerica-east1", "northamerica-northeast1", "me-west1", "asia-south1"]
GROUPS = [("CPU", "N2 Instance Core running in {}", "h"), ("RAM", "N2 Instance Ram running in {}", "GiBy.h"),
          ("CPU", "C3 Instance Core running in {}", "h"), ("RAM", "C3 Instance Ram running in {}", "GiBy.h"),
          ("SSD", "SSD backed PD Capacity in {}", "GiBy.mo"), ("N1Standard", "Licensing Fee for Windows Server", "h"),
          ("PDStandard", "Storage PD Capacity in {}", "GiBy.mo"), ("InterregionEgress", "Network Inter Region Egress from {}", "GiBy")]
ACCEL = [("GPU", "Nvidia H100 80GB GPU running in {}", "h"), ("GPU", "Nvidia L4 GPU running in {}", "h"),
         ("CPU", "A3 Instance Core running in {}", "h"), ("RAM", "A3 Instance Ram running in {}", "GiBy.h"),
         ("TPU", "TpuV5p running in {}", "h"), ("TPU", "Tpu-v6e running in {}", "h")]
USAGE = ["OnDemand", "OnDemand", "Preemptible", "Commit1Yr", "Commit3Yr"]


def sku(rng, n):
    group, description, unit = rng.choice(ACCEL) if rng.random() < 0.04 else rng.choice(GROUPS)
    region = rng.choice(REGIONS)
    usage = rng.choice(USAGE)
    prefix = {"Preemptible": "Spot Preemptible ", "Commit1Yr": "Commitment v1: ", "Commit3Yr": "Commitment v1: "}.get(usage, "")
    suffix = {"Commit1Yr": " for 1 Year", "Commit3Yr": " for 3 Years"}.get(usage, "")
    sku_id = "%04X-%04X-%04X" % (rng.getrandbits(16), rng.getrandbits(16), n % 65536)
    price = rng.uniform(0.0001, 12.0)
    units, nanos = int(price), int((price - int(price)) * 1e9)
    return {"name": f"services/6F81-5844-456A/skus/{sku_id}", "skuId": sku_id,
            "description": prefix + description.format(region) + suffix,
            "category": {"serviceDisplayName": "Compute Engine", "resourceFamily": "Compute", "resourceGroup": group,
                         "usageType": usage},
            "serviceRegions": [region],
            "pricingInfo": [{"summary": "", "pricingExpression": {
                "usageUnit": unit, "usageUnitDescription": unit, "baseUnit": "s", "baseUnitDescription": "second",
                "baseUnitConversionFactor": 3600, "displayQuantity": 1,
                "tieredRates": [{"startUsageAmount": 0, "unitPrice": {"currencyCode": "USD", "units": str(units),
                                                                        "nanos": nanos}}]},
                "currencyConversionRate": 1, "effectiveTime": "2026-09-01T00:00:00Z"}],
            "serviceProviderName": "Google",
            "geoTaxonomy": {"type": "REGIONAL", "regions": [region]}}


def main():
    size = float(sys.argv[1]) * 1e6
    rng = random.Random(5)
    n = 0
    with open(sys.argv[2], "w") as f:
        while f.tell() < size:
            skus = []
            for _ in range(5000):
                skus.append(sku(rng, n))
                n += 1
            f.write(json.dumps({"skus": skus, "nextPageToken": f"page{n}"}, indent=2))
            f.write("\n")


if __name__ == "__main__":
    main()
