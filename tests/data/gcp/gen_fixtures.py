"""Writes the Cloud Billing Catalog fixtures of tests/core/test_gcpimport.cpp (see README.md).

Run from this folder: python3 gen_fixtures.py. Pages are pretty-printed as the API returns them
(two-space indent), so each SKU starts on its own line; the test names those lines.
"""
import json

CE = "6F81-5844-456A"  # Compute Engine
TPU = "E000-3F24-B8AA"  # Cloud TPU
TIME = "2026-09-01T00:00:00Z"
_next_id = [0]


def sku(description, group, usage, regions, units, nanos, unit="h", service=CE, family="Compute",
        display="Compute Engine", tiers=None, sku_id=None, effective=TIME):
    if sku_id is None:
        _next_id[0] += 1
        sku_id = "F17E-0000-%04d" % _next_id[0]
    rates = tiers or [{"startUsageAmount": 0,
                       "unitPrice": {"currencyCode": "USD", "units": units, "nanos": nanos}}]
    return {
        "name": "services/%s/skus/%s" % (service, sku_id),
        "skuId": sku_id,
        "description": description,
        "category": {"serviceDisplayName": display, "resourceFamily": family,
                     "resourceGroup": group, "usageType": usage},
        "serviceRegions": regions,
        "pricingInfo": [{
            "summary": "",
            "pricingExpression": {
                "usageUnit": unit, "usageUnitDescription": "hour" if unit == "h" else unit,
                "baseUnit": "s", "baseUnitDescription": "second", "baseUnitConversionFactor": 3600,
                "displayQuantity": 1, "tieredRates": rates},
            "currencyConversionRate": 1,
            "effectiveTime": effective}],
        "serviceProviderName": "Google",
    }


def write(name, *pages, array=False):
    with open(name, "w") as f:
        if array:
            f.write(json.dumps(list(pages), indent=2) + "\n")
        else:
            for page in pages:
                f.write(json.dumps(page, indent=2) + "\n")


usc = ["us-central1"]

# --- traps: two pages, one after the other ----------------------------------------------------
page1 = [
    # A3 High in us-central1. The H100 price is a public SKU price; A3 core/RAM are illustrative.
    sku("A3 Instance Core running in Americas", "CPU", "OnDemand", usc, "0", 25000000),
    sku("A3 Instance Ram running in Americas", "RAM", "OnDemand", usc, "0", 2600000, unit="GiBy.h"),
    sku("Nvidia H100 80GB GPU running in Americas", "GPU", "OnDemand", ["us-central1", "us-east4"], None, None,
        tiers=[{"startUsageAmount": 1000, "unitPrice": {"currencyCode": "USD", "units": "8", "nanos": 500000000}},
               {"startUsageAmount": 0, "unitPrice": {"currencyCode": "USD", "units": "9", "nanos": 796550569}}]),
    sku("Spot Preemptible A3 Instance Core running in Americas", "CPU", "Preemptible", usc, "0", 10000000),
    sku("Spot Preemptible A3 Instance Ram running in Americas", "RAM", "Preemptible", usc, "0", 1000000,
        unit="GiBy.h"),
    sku("Nvidia H100 80GB GPU attached to Spot Preemptible VMs running in Americas", "GPU", "Preemptible", usc,
        "4", 0),
    sku("Commitment v1: A3 Cpu in Americas for 1 Year", "CPU", "Commit1Yr", usc, "0", 17500000),
    sku("Commitment v1: A3 Ram in Americas for 1 Year", "RAM", "Commit1Yr", usc, "0", 1820000, unit="GiBy.h"),
    # infracost/cloud-pricing-api#41: a commitment labelled OnDemand
    sku("Commitment v1: Nvidia H100 80GB GPU in Americas for 1 Year", "GPU", "OnDemand", usc, "6", 800000000),
    sku("Commitment v1: A3 Cpu in Americas for 3 Years", "CPU", "Commit3Yr", usc, "0", 11000000),
    sku("Commitment v1: A3 Ram in Americas for 3 Years", "RAM", "Commit3Yr", usc, "0", 1150000, unit="GiBy.h"),
    sku("Commitment v1: Nvidia H100 80GB GPU in Americas for 3 Years", "GPU", "Commit3Yr", usc, "4", 300000000),
    # A2 in us-central1: public component prices that reproduce the shipped a2-highgpu-1g (README.md)
    sku("A2 Instance Core running in Americas", "CPU", "OnDemand", ["us-central1", "europe-west4"], "0", 31611000),
    sku("A2 Instance Ram running in Americas", "RAM", "OnDemand", usc, "0", 4237000, unit="GiBy.h"),
    sku("Nvidia Tesla A100 GPU running in Americas", "GPU", "OnDemand", ["us-central1", "europe-west4"],
        "2", 933908000),
    # renamed A100 80GB ("Tesla" dropped)
    sku("Nvidia A100 80GB GPU running in Americas", "GPU", "OnDemand", usc, "3", 928080000),
    # the real Cloud SQL record quoted in infracost/cloud-pricing-api#41
    sku("Commitment - dollar based v1: Cloud SQL database us-east1 for 1 year", "SQLGen1Instances", "OnDemand",
        ["us-east1"], "0", 7500000, service="9662-B51E-5089", family="ApplicationServices", display="Cloud SQL",
        sku_id="8AA4-4E86-978A", effective="2021-03-31T13:45:49.814Z"),
    sku("Commitment - dollar based v1: Compute Engine GPUs in Americas for 1 Year", "GPU", "OnDemand", usc,
        "0", 900000000),
    sku("Nvidia H100 80GB GPU attached to DWS Defined Duration VMs running in Americas", "GPU", "OnDemand", usc,
        "5", 0),
    sku("Nvidia Tesla T4 GPU attached to Sole Tenancy VMs running in Americas", "GPU", "OnDemand", usc,
        "0", 350000000),
    sku("Nvidia Tesla T4 GPU running in Americas", "GPU", "OnDemand", usc, "10", 500000000),
    sku("N2 Instance Core running in Americas", "CPU", "OnDemand", usc, "0", 31611000),
]
page2 = [
    sku("SSD backed Local Storage", "LocalSSD", "OnDemand", usc, "0", 80000000, unit="GiBy.mo", family="Storage"),
    # a RAM price per GiB-month: never read as hourly
    sku("A2 Instance Ram running in Netherlands", "RAM", "OnDemand", ["europe-west4"], "0", 3100000,
        unit="GiBy.mo"),
    # G2: a region's own core price, and a multi-regional one for the other "us-" regions
    sku("G2 Instance Core running in Iowa", "CPU", "OnDemand", usc, "0", 25000000),
    sku("G2 Instance Core running in United States", "CPU", "OnDemand", ["us"], "0", 30000000),
    sku("G2 Instance Ram running in Americas", "RAM", "OnDemand", ["us-central1", "us-east1"], "0", 3000000,
        unit="GiBy.h"),
    sku("Nvidia L4 GPU running in Americas", "GPU", "OnDemand", ["us-central1", "us-east1"], "0", 560040239),
    sku("Nvidia L4 GPU running in Americas", "GPU", "Commit1Yr", usc, "0", 400000000),
    sku("Nvidia L4 GPU attached to Spot Preemptible VMs running in Americas", "GPU", "Preemptible", [],
        "0", 200000000),
    # TPU v6e, per chip-hour; the preemptible one labelled OnDemand (skypilot fetch_gcp.py)
    sku("TpuV6e running in South Carolina", "TPU", "OnDemand", ["us-east1"], "2", 700000000),
    sku("TpuV6e Preemptible running in South Carolina", "TPU", "OnDemand", ["us-east1"], "1", 890000000),
    sku("Tpu-v3 Pod running in Oklahoma", "TPU", "OnDemand", ["us-central2"], "3", 220000000, service=TPU,
        display="Cloud TPU"),
    # A3 Mega
    sku("A3Plus Instance Core running in Virginia", "CPU", "OnDemand", ["us-east4", "asia-northeast1"],
        "0", 30000000),
    sku("A3Plus Instance Ram running in Virginia", "RAM", "OnDemand", ["us-east4", "asia-northeast1"],
        "0", 3000000, unit="GiBy.h"),
    sku("Nvidia H100 80GB Mega GPU running in Virginia", "GPU", "OnDemand", ["us-east4"], "10", 300000000),
    # two names for one GPU in one region at two prices
    sku("Nvidia H100 80GB Plus GPU running in Tokyo", "GPU", "OnDemand", ["asia-northeast1"], "11", 0),
    sku("Nvidia H100 80GB Mega GPU running in Tokyo", "GPU", "OnDemand", ["asia-northeast1"], "11", 500000000),
    # a "commitment" that costs what on-demand does
    sku("Commitment v1: A3Plus Cpu in Virginia for 3 Years", "CPU", "Commit3Yr", ["us-east4"], "0", 30000000),
    sku("Commitment v1: A3Plus Ram in Virginia for 3 Years", "RAM", "Commit3Yr", ["us-east4"], "0", 3000000,
        unit="GiBy.h"),
    sku("Commitment v1: Nvidia H100 80GB Mega GPU in Virginia for 3 Years", "GPU", "Commit3Yr", ["us-east4"],
        "10", 300000000),
]
write("gcp_traps.json", {"skus": page1, "nextPageToken": "page-2"}, {"skus": page2, "nextPageToken": ""})

# --- the other envelope: a JSON array of pages -------------------------------------------------
_next_id[0] = 100
a2 = [sku("A2 Instance Core running in Americas", "CPU", "OnDemand", usc, "0", 31611000),
      sku("A2 Instance Ram running in Americas", "RAM", "OnDemand", usc, "0", 4237000, unit="GiBy.h")]
a100 = [sku("Nvidia Tesla A100 GPU running in Americas", "GPU", "OnDemand", usc, "2", 933908000)]
write("gcp_array_of_pages.json", {"skus": a2, "nextPageToken": "x"}, {"skus": a100}, array=True)

# --- rejections ----------------------------------------------------------------------------------
_next_id[0] = 200
good = sku("A2 Instance Core running in Americas", "CPU", "OnDemand", usc, "0", 31611000)
write("gcp_negative_price.json", {"skus": [
    good, sku("Nvidia Tesla A100 GPU running in Americas", "GPU", "OnDemand", usc, "-2", -500000000)]})
write("gcp_bad_nanos.json", {"skus": [
    good, sku("Nvidia Tesla A100 GPU running in Americas", "GPU", "OnDemand", usc, "2", 1250000000)]})
write("gcp_bad_units.json", {"skus": [
    good, sku("Nvidia Tesla A100 GPU running in Americas", "GPU", "OnDemand", usc, "2.5", 0)]})
write("gcp_no_machines.json", {"skus": [
    sku("N2 Instance Core running in Americas", "CPU", "OnDemand", usc, "0", 31611000),
    sku("N2 Instance Ram running in Americas", "RAM", "OnDemand", usc, "0", 4237000, unit="GiBy.h")]})
# the services list, saved instead of a service's SKUs
with open("gcp_not_skus.json", "w") as f:
    f.write(json.dumps({"services": [{"name": "services/" + CE, "serviceId": CE, "displayName": "Compute Engine",
                                      "businessEntityName": "businessEntities/GCP"}], "nextPageToken": ""},
                       indent=2) + "\n")
# a page whose third SKU lost the ',' after its description
text = json.dumps({"skus": [sku("A2 Instance Core running in Americas", "CPU", "OnDemand", usc, "0", 31611000),
                            sku("A2 Instance Ram running in Americas", "RAM", "OnDemand", usc, "0", 4237000,
                                unit="GiBy.h"),
                            sku("Nvidia Tesla A100 GPU running in Americas", "GPU", "OnDemand", usc, "2",
                                933908000)]}, indent=2) + "\n"
broken = '"description": "Nvidia Tesla A100 GPU running in Americas",'
assert text.count(broken) == 1
with open("gcp_syntax_error.json", "w") as f:
    f.write(text.replace(broken, broken[:-1]))

if __name__ == "__main__":
    for name in ["gcp_traps.json", "gcp_syntax_error.json", "gcp_negative_price.json", "gcp_bad_nanos.json",
                 "gcp_bad_units.json"]:
        lines = open(name).read().split("\n")
        starts = [i + 1 for i, l in enumerate(lines) if l in ("    {",)]
        ids = [l.split('"')[3] for l in lines if l.strip().startswith('"skuId"')]
        print(name, list(zip(ids, starts)))
        if name == "gcp_syntax_error.json":
            print("  broken at", [i + 1 for i, l in enumerate(lines) if "A100 GPU running in Americas\"" in l and
                                  not l.rstrip().endswith(",")])
