#!/usr/bin/env python3
"""Writes an AWS Price List AmazonEC2 offer file in CSV form of about SIZE gigabytes, for the
import benchmark (tests/bench/aws_import.sh). The layout is the real one (5-line preamble, every
field quoted, ~1 KB rows, the header columns of a 2025 file); the mix of rows imitates the
all-region file: many operating systems and tenancies, capacity-reservation and pre-installed
software rows, on-demand and reserved terms, a few percent of accelerator instances. Prices are
illustrative.

usage: gen_aws_csv.py SIZE_GB OUT.csv [ACCELERATOR_SHARE]

ACCELERATOR_SHARE (default 0.04) is the share of accelerator-instance rows. At 0.5 and above the
rows are also Linux on shared tenancy, the ones the importer splits and reads: the variant that
is "mostly accelerator rows".
"""
import itertools
import random
import sys

HEADER = ["SKU", "OfferTermCode", "RateCode", "TermType", "PriceDescription", "EffectiveDate", "StartingRange",
          "EndingRange", "Unit", "PricePerUnit", "Currency", "RelatedTo", "LeaseContractLength", "PurchaseOption",
          "OfferingClass", "Product Family", "serviceCode", "Location", "Location Type", "Instance Type",
          "Current Generation", "Instance Family", "vCPU", "Physical Processor", "Clock Speed", "Memory", "Storage",
          "Network Performance", "Processor Architecture", "Storage Media", "Volume Type", "Max Volume Size",
          "Max IOPS/volume", "Max IOPS Burst Performance", "Max throughput/volume", "Provisioned", "Tenancy",
          "EBS Optimized", "Operating System", "License Model", "Group", "Group Description", "Transfer Type",
          "From Location", "From Location Type", "To Location", "To Location Type", "usageType", "operation",
          "AvailabilityZone", "CapacityStatus", "ClassicNetworkingSupport", "Dedicated EBS Throughput", "ECU",
          "Elastic Graphics Type", "Enhanced Networking Supported", "From Region Code", "GPU", "GPU Memory",
          "Instance", "Instance Capacity - 10xlarge", "Intel AVX Available", "Intel AVX2 Available",
          "Intel Turbo Available", "MarketOption", "Normalization Size Factor", "Physical Cores",
          "Pre Installed S/W", "Processor Features", "Product Type", "Region Code", "Resource Type", "serviceName",
          "SnapshotArchiveFeeType", "To Region Code", "Volume API Name", "VPCNetworkingSupport"]
COL = {name: i for i, name in enumerate(HEADER)}

REGIONS = ["us-east-1", "us-east-2", "us-west-1", "us-west-2", "ca-central-1", "eu-west-1", "eu-west-2",
           "eu-west-3", "eu-central-1", "eu-north-1", "eu-south-1", "ap-northeast-1", "ap-northeast-2",
           "ap-southeast-1", "ap-southeast-2", "ap-south-1", "sa-east-1", "me-south-1", "af-south-1",
           "ap-east-1", "il-central-1", "us-gov-west-1"]
GPU_TYPES = [("p5.48xlarge", "192", "2048 GiB", "8"), ("p5e.48xlarge", "192", "2048 GiB", "8"),
             ("p4d.24xlarge", "96", "1152 GiB", "8"), ("g6e.xlarge", "4", "32 GiB", "1"),
             ("g6.xlarge", "4", "16 GiB", "1"), ("g5.xlarge", "4", "16 GiB", "1"),
             ("g5.48xlarge", "192", "768 GiB", "8"), ("trn2.48xlarge", "192", "2048 GiB", "16"),
             ("inf2.xlarge", "4", "16 GiB", "1"), ("p3.2xlarge", "8", "61 GiB", "1")]
CPU_TYPES = [(f"{fam}.{size}", str(v), f"{v * 4} GiB", "") for fam in
             ["m5", "m6i", "m7i", "c5", "c6i", "c7g", "r5", "r6i", "t3", "m6g", "x2idn", "i4i"]
             for size, v in [("large", 2), ("xlarge", 4), ("2xlarge", 8), ("4xlarge", 16), ("8xlarge", 32),
                             ("12xlarge", 48), ("16xlarge", 64), ("24xlarge", 96)]]
OSES = ["Linux", "Windows", "RHEL", "SUSE", "Red Hat Enterprise Linux with HA", "Ubuntu Pro"]
TENANCIES = ["Shared", "Dedicated", "Host"]
CAPACITY = ["Used", "Used", "Used", "UnusedCapacityReservation", "AllocatedCapacityReservation"]
SOFTWARE = ["NA", "NA", "NA", "SQL Std", "SQL Web", "SQL Ent"]
TERMS = [("OnDemand", "Hrs", "", "", ""), ("Reserved", "Hrs", "1yr", "No Upfront", "standard"),
         ("Reserved", "Quantity", "1yr", "All Upfront", "standard"), ("Reserved", "Hrs", "1yr", "Partial Upfront", "standard"),
         ("Reserved", "Quantity", "1yr", "Partial Upfront", "standard"), ("Reserved", "Hrs", "3yr", "No Upfront", "standard"),
         ("Reserved", "Quantity", "3yr", "All Upfront", "convertible")]


def row(rng, n, share):
    gpu = rng.random() < share
    itype, vcpu, memory, gpus = rng.choice(GPU_TYPES if gpu else CPU_TYPES)
    term, unit, lease, option, klass = rng.choice(TERMS)
    region = rng.choice(REGIONS)
    os_ = "Linux" if share >= 0.5 else rng.choice(OSES)
    f = [""] * len(HEADER)
    sku = f"{n:016X}"
    price = f"{rng.uniform(0.01, 120.0):.4f}000000" if unit == "Hrs" else f"{rng.randint(100, 900000)}"
    f[COL["SKU"]] = sku
    f[COL["OfferTermCode"]] = "JRTCKXETXF" if term == "OnDemand" else "4NA7Y494T4"
    f[COL["RateCode"]] = f"{sku}.{f[COL['OfferTermCode']]}.6YS6EN2CT7"
    f[COL["TermType"]] = term
    f[COL["PriceDescription"]] = f"${price} per On Demand {os_} {itype} Instance Hour"
    f[COL["EffectiveDate"]] = "2025-06-01"
    f[COL["StartingRange"]], f[COL["EndingRange"]] = "0", "Inf"
    f[COL["Unit"]], f[COL["PricePerUnit"]], f[COL["Currency"]] = unit, price, "USD"
    f[COL["LeaseContractLength"]], f[COL["PurchaseOption"]], f[COL["OfferingClass"]] = lease, option, klass
    f[COL["Product Family"]] = "Compute Instance" if rng.random() < 0.97 else "Dedicated Host"
    f[COL["serviceCode"]] = "AmazonEC2"
    f[COL["Location"]], f[COL["Location Type"]] = "US East (N. Virginia)", "AWS Region"
    f[COL["Instance Type"]], f[COL["Current Generation"]] = itype, "Yes"
    f[COL["Instance Family"]] = "Accelerated Computing" if gpu else "General purpose"
    f[COL["vCPU"]], f[COL["Memory"]], f[COL["GPU"]] = vcpu, memory, gpus
    f[COL["Physical Processor"]], f[COL["Clock Speed"]] = "Intel Xeon Platinum 8488C", "2.4 GHz"
    f[COL["Storage"]], f[COL["Network Performance"]] = "EBS only", "Up to 12500 Megabit"
    f[COL["Processor Architecture"]] = "64-bit"
    f[COL["Tenancy"]] = "Shared" if share >= 0.5 else rng.choice(TENANCIES)
    f[COL["Operating System"]], f[COL["License Model"]] = os_, "No License required"
    f[COL["usageType"]], f[COL["operation"]] = f"BoxUsage:{itype}", "RunInstances"
    f[COL["CapacityStatus"]] = rng.choice(CAPACITY)
    f[COL["Dedicated EBS Throughput"]], f[COL["ECU"]] = "Up to 10000 Mbps", "NA"
    f[COL["Enhanced Networking Supported"]], f[COL["Intel AVX Available"]] = "Yes", "Yes"
    f[COL["MarketOption"]], f[COL["Normalization Size Factor"]] = "OnDemand", "4"
    f[COL["Physical Cores"]] = vcpu
    f[COL["Pre Installed S/W"]] = rng.choice(SOFTWARE)
    f[COL["Processor Features"]] = "Intel AVX; Intel AVX2; Intel AVX512; Intel Turbo"
    f[COL["Region Code"]], f[COL["serviceName"]] = region, "Amazon Elastic Compute Cloud"
    f[COL["VPCNetworkingSupport"]] = "true"
    return ",".join(f'"{v}"' for v in f) + "\n"


def main():
    size = float(sys.argv[1]) * 1e9
    rng = random.Random(7)
    # A pool of distinct rows written over and over: fast enough for gigabytes.
    share = float(sys.argv[3]) if len(sys.argv) > 3 else 0.04
    pool = [row(rng, n, share) for n in range(20000)]
    with open(sys.argv[2], "w", buffering=1 << 20) as out:
        out.write('"FormatVersion","v1.0"\n"Disclaimer","This pricing list is for informational purposes only."\n'
                  '"Publication Date","2026-09-25T00:00:00Z"\n"Version","20260925000000"\n"OfferCode","AmazonEC2"\n')
        out.write(",".join(f'"{h}"' for h in HEADER) + "\n")
        written = 0
        for n, line in zip(itertools.count(), itertools.cycle(pool)):
            if written >= size:
                break
            out.write(line)
            written += len(line)
    print(f"{sys.argv[2]}: {written / 1e9:.2f} GB, {n} rows")


if __name__ == "__main__":
    main()
