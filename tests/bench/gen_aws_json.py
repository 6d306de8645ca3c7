#!/usr/bin/env python3
"""Writes an AWS Price List AmazonEC2 offer file in JSON form of about SIZE gigabytes, for the
JSON import benchmark (tests/bench/json_import.sh). The layout is the real one: pretty-printed
with AWS's " : " separators, "products" (sku, productFamily, ~40 attributes) before "terms"
(OnDemand, Reserved; per SKU, per offer term code, priceDimensions with pricePerUnit). The mix
imitates the all-region file: many operating systems and tenancies, capacity-reservation and
pre-installed software products, a few percent of accelerator instances. Prices are illustrative.

usage: gen_aws_json.py SIZE_GB OUT.json [ACCELERATOR_SHARE]
"""
import json
import random
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from gen_aws_csv import CAPACITY, CPU_TYPES, GPU_TYPES, OSES, REGIONS, SOFTWARE, TENANCIES  # noqa: E402

RESERVED = [("1yr", "No Upfront", "standard", ["Hrs"]), ("1yr", "Partial Upfront", "standard", ["Quantity", "Hrs"]),
            ("1yr", "All Upfront", "standard", ["Quantity", "Hrs"]), ("3yr", "No Upfront", "standard", ["Hrs"]),
            ("3yr", "Partial Upfront", "convertible", ["Quantity", "Hrs"]), ("3yr", "All Upfront", "convertible", ["Quantity", "Hrs"])]


def dumps(value, indent):
    text = json.dumps(value, indent=2, separators=(",", " : "))
    return text.replace("\n", "\n" + " " * indent)


def product(rng, n, share):
    gpu = rng.random() < share
    itype, vcpu, memory, gpus = rng.choice(GPU_TYPES if gpu else CPU_TYPES)
    region = rng.choice(REGIONS)
    sku = f"{n:016X}"
    attributes = {
        "servicecode": "AmazonEC2", "location": "US East (N. Virginia)", "locationType": "AWS Region",
        "instanceType": itype, "currentGeneration": "Yes",
        "instanceFamily": "Accelerated Computing" if gpu else "General purpose", "vcpu": vcpu,
        "physicalProcessor": "Intel Xeon Platinum 8488C", "clockSpeed": "3.2 GHz", "memory": memory,
        "storage": "8 x 3840 GB SSD" if gpu else "EBS only", "networkPerformance": "3200 Gigabit",
        "processorArchitecture": "64-bit", "tenancy": rng.choice(TENANCIES), "operatingSystem": rng.choice(OSES),
        "licenseModel": "No License required", "usagetype": f"BoxUsage:{itype}", "operation": "RunInstances",
        "availabilityzone": "NA", "capacitystatus": rng.choice(CAPACITY), "classicnetworkingsupport": "false",
        "dedicatedEbsThroughput": "80000 Mbps", "ecu": "NA", "enhancedNetworkingSupported": "Yes",
        "gpu": gpus, "gpuMemory": "640 GB" if gpu else "NA", "intelAvxAvailable": "Yes",
        "intelAvx2Available": "Yes", "intelTurboAvailable": "Yes", "marketoption": "OnDemand",
        "normalizationSizeFactor": "NA", "physicalCores": "96", "preInstalledSw": rng.choice(SOFTWARE),
        "processorFeatures": "Intel AVX; Intel AVX2; Intel AVX512; Intel Turbo", "regionCode": region,
        "servicename": "Amazon Elastic Compute Cloud", "vpcnetworkingsupport": "true"}
    return sku, {"sku": sku, "productFamily": "Compute Instance" if rng.random() < 0.97 else "Dedicated Host",
                 "attributes": attributes}


def dimension(sku, code, unit, price):
    rate = f"{sku}.{code}.{'6YS6EN2CT7' if unit == 'Hrs' else '2TG2D8R56U'}"
    return rate, {"rateCode": rate, "description": "illustrative", "beginRange": "0", "endRange": "Inf",
                  "unit": unit, "pricePerUnit": {"USD": price}, "appliesTo": []}


def term(sku, code, dims, attributes):
    return f"{sku}.{code}", {"offerTermCode": code, "sku": sku, "effectiveDate": "2025-06-01T00:00:00Z",
                             "priceDimensions": dict(dims), "termAttributes": attributes}


def main():
    size = float(sys.argv[1]) * 1e9
    out = sys.argv[2]
    share = float(sys.argv[3]) if len(sys.argv) > 3 else 0.04
    rng = random.Random(7)
    skus = []
    with open(out, "w") as f:
        f.write('{\n  "formatVersion" : "v1.0",\n  "disclaimer" : "illustrative prices",\n'
                '  "offerCode" : "AmazonEC2",\n  "version" : "20250601000000",\n'
                '  "publicationDate" : "2025-06-01T00:00:00Z",\n  "products" : {\n')
        # Products take about a fifth of the file (as generated here); terms the rest.
        n = 0
        while f.tell() < size * 0.185:
            sku, value = product(rng, n, share)
            f.write(("" if n == 0 else ",\n") + f'    "{sku}" : ' + dumps(value, 4))
            skus.append(sku)
            n += 1
        f.write('\n  },\n  "terms" : {\n    "OnDemand" : {\n')
        for i, sku in enumerate(skus):
            price = f"{rng.uniform(0.01, 120.0):.10f}"
            key, value = term(sku, "JRTCKXETXF", [dimension(sku, "JRTCKXETXF", "Hrs", price)], {})
            f.write(("" if i == 0 else ",\n") + f'      "{sku}" : ' + dumps({key: value}, 6))
        f.write('\n    },\n    "Reserved" : {\n')
        for i, sku in enumerate(skus):
            terms = {}
            for lease, option, klass, units in RESERVED:
                code = f"{lease}{option[:3]}{klass[:3]}".upper().replace(" ", "")
                dims = [dimension(sku, code, u, f"{rng.uniform(0.01, 90.0):.10f}" if u == "Hrs" else str(rng.randint(100, 900000)))
                        for u in units]
                key, value = term(sku, code, dims, {"LeaseContractLength": lease, "OfferingClass": klass,
                                                    "PurchaseOption": option})
                terms[key] = value
            f.write(("" if i == 0 else ",\n") + f'      "{sku}" : ' + dumps(terms, 6))
        f.write('\n    }\n  }\n}\n')


if __name__ == "__main__":
    main()
