#!/usr/bin/env python3
"""Writes Azure Retail Prices API responses of about SIZE megabytes, for the JSON import
benchmark (tests/bench/json_import.sh): pages of 1,000 items saved one after another, each with
the envelope (BillingCurrency, CustomerEntityId, Items, NextPageLink, Count) and items with every
member the API sends (savingsPlan arrays on some). The mix imitates the Virtual Machines service:
Linux and Windows, consumption, spot, low priority, DevTest and reservations, a few percent GPU
sizes. Prices are illustrative.

usage: gen_azure_json.py SIZE_MB OUT.json
"""
import json
import random
import sys

GPU = ["Standard_NC40ads_H100_v5", "Standard_ND96isr_H100_v5", "Standard_NC24ads_A100_v4",
       "Standard_ND96amsr_A100_v4", "Standard_NV36ads_A10_v5", "Standard_ND96isr_H200_v5"]
CPU = [f"Standard_{f}{n}{s}" for f in ["D", "E", "F", "M"] for n in [2, 4, 8, 16, 32, 48, 64]
       for s in ["s_v5", "ds_v5", "as_v5", "ads_v5", "ps_v6"]]
REGIONS = ["eastus", "eastus2", "westus2", "westus3", "westeurope", "northeurope", "uksouth", "japaneast",
           "southeastasia", "australiaeast", "canadacentral", "francecentral", "swedencentral", "centralindia"]


def item(rng):
    arm = rng.choice(GPU) if rng.random() < 0.05 else rng.choice(CPU)
    size = arm.replace("Standard_", "").replace("_", " ")
    kind = rng.choice(["Consumption"] * 5 + ["Reservation", "DevTestConsumption"])
    tier = rng.choice(["", "", "", " Spot", " Low Priority"]) if kind == "Consumption" else ""
    os_ = rng.choice(["", "", " Windows"])
    price = round(rng.uniform(0.05, 120.0), 4)
    it = {"currencyCode": "USD", "tierMinimumUnits": 0.0, "retailPrice": price if kind != "Reservation" else round(price * 5000, 2),
          "unitPrice": price, "armRegionName": rng.choice(REGIONS), "location": "US East",
          "effectiveStartDate": "2025-06-01T00:00:00Z", "meterId": "%08x-0000-4000-8000-%012x" % (rng.getrandbits(32), rng.getrandbits(48)),
          "meterName": size + tier, "productId": "DZH318Z0BQPS", "skuId": "DZH318Z0BQPS/00TG",
          "productName": f"Virtual Machines {size.split()[0]} Series{os_}", "skuName": size + tier,
          "serviceName": "Virtual Machines", "serviceId": "DZH313Z7MMC8", "serviceFamily": "Compute",
          "unitOfMeasure": "1 Hour", "type": kind, "isPrimaryMeterRegion": rng.random() < 0.9, "armSkuName": arm}
    if kind == "Reservation":
        it["reservationTerm"] = rng.choice(["1 Year", "3 Years"])
    if kind == "Consumption" and not tier and rng.random() < 0.5:
        it["savingsPlan"] = [{"unitPrice": round(price * 0.7, 4), "retailPrice": round(price * 0.7, 4), "term": "1 Year"},
                             {"unitPrice": round(price * 0.5, 4), "retailPrice": round(price * 0.5, 4), "term": "3 Years"}]
    return it


def main():
    size = float(sys.argv[1]) * 1e6
    rng = random.Random(11)
    with open(sys.argv[2], "w") as f:
        page = 0
        while f.tell() < size:
            page += 1
            items = [item(rng) for _ in range(1000)]
            f.write(json.dumps({"BillingCurrency": "USD", "CustomerEntityId": "Default", "CustomerEntityType": "Retail",
                                "Items": items,
                                "NextPageLink": f"https://prices.azure.com:443/api/retail/prices?$skip={page * 1000}",
                                "Count": len(items)}, indent=2))
            f.write("\n")


if __name__ == "__main__":
    main()
