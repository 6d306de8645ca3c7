import json
def product(sku, itype, os="Linux", ten="Shared", cap="Used", sw="NA", fam="Compute Instance", region="us-east-1", vcpu="192", mem="2048 GiB", gpu="8"):
    return sku, {"sku": sku, "productFamily": fam, "attributes": {
        "servicecode": "AmazonEC2", "location": "US East (N. Virginia)", "regionCode": region,
        "instanceType": itype, "vcpu": vcpu, "memory": mem, "gpu": gpu, "tenancy": ten,
        "operatingSystem": os, "preInstalledSw": sw, "capacitystatus": cap, "marketoption": "OnDemand",
        "usagetype": "BoxUsage:" + itype, "operation": "RunInstances"}}
products = dict([
    product("P5LINUX", "p5.48xlarge"),
    product("P5WIN", "p5.48xlarge", os="Windows"),
    product("P5DED", "p5.48xlarge", ten="Dedicated"),
    product("P5CAPRES", "p5.48xlarge", cap="UnusedCapacityReservation"),
    product("P5SQL", "p5.48xlarge", sw="SQL Std"),
    product("P5HOST", "p5.48xlarge", fam="Dedicated Host"),
    product("M5", "m5.large", vcpu="2", mem="8 GiB", gpu=""),
    product("P3", "p3.2xlarge", vcpu="8", mem="61 GiB", gpu="1"),
    product("P5E", "p5e.48xlarge"),
    product("G5", "g5.xlarge", region="us-east-2", vcpu="4", mem="16 GiB", gpu="1"),
])
def dim(sku, code, unit, price, desc="illustrative"):
    rc = f"{sku}.{code}.{unit.upper()}"
    return rc, {"rateCode": rc, "description": desc, "beginRange": "0", "endRange": "Inf", "unit": unit,
                "pricePerUnit": {"USD": price}, "appliesTo": []}
def term(sku, code, dims, attrs=None):
    return f"{sku}.{code}", {"offerTermCode": code, "sku": sku, "effectiveDate": "2025-06-01T00:00:00Z",
        "priceDimensions": dict(dims), "termAttributes": attrs or {}}
od = lambda sku, price: {sku: dict([term(sku, "JRTCKXETXF", [dim(sku, "JRTCKXETXF", "Hrs", price)])])}
ondemand = {}
for sku, price in [("P5LINUX", "55.0400000000"), ("P5WIN", "60.0000000000"), ("P5DED", "61.0000000000"),
                   ("P5CAPRES", "55.0400000000"), ("P5SQL", "70.0000000000"), ("P5HOST", "2.0000000000"),
                   ("M5", "0.0960000000"), ("P3", "3.0600000000"), ("G5", "1.0060000000")]:
    ondemand.update(od(sku, price))
# p5e: an on-demand term whose dimension has no price (p5e has no on-demand price)
ondemand.update({"P5E": dict([term("P5E", "JRTCKXETXF", [dim("P5E", "JRTCKXETXF", "Hrs", "")])])})
ri = lambda lease, opt, cls="standard": {"LeaseContractLength": lease, "OfferingClass": cls, "PurchaseOption": opt}
reserved = {"P5LINUX": dict([
    term("P5LINUX", "PARTIAL1", [dim("P5LINUX", "PARTIAL1", "Quantity", "100000"), dim("P5LINUX", "PARTIAL1", "Hrs", "30.0000000000")], ri("1yr", "Partial Upfront")),
    term("P5LINUX", "NOUP1", [dim("P5LINUX", "NOUP1", "Hrs", "40.0000000000")], ri("1yr", "No Upfront")),
    term("P5LINUX", "ALLUP1", [dim("P5LINUX", "ALLUP1", "Quantity", "330000"), dim("P5LINUX", "ALLUP1", "Hrs", "0.0000000000")], ri("1yr", "All Upfront")),
    term("P5LINUX", "ALLUP3", [dim("P5LINUX", "ALLUP3", "Quantity", "700000")], ri("3yr", "All Upfront")),
    term("P5LINUX", "CONV1", [dim("P5LINUX", "CONV1", "Hrs", "20.0000000000")], ri("1yr", "No Upfront", "convertible")),
]), "P5WIN": dict([term("P5WIN", "NOUP1", [dim("P5WIN", "NOUP1", "Hrs", "45.0000000000")], ri("1yr", "No Upfront"))])}
doc = {"formatVersion": "v1.0", "disclaimer": "This pricing list is for informational purposes only.",
       "offerCode": "AmazonEC2", "version": "20260925000000", "publicationDate": "2026-09-25T00:00:00Z",
       "products": products, "terms": {"OnDemand": ondemand, "Reserved": reserved}}
open("/work/main/tests/data/aws/ec2_traps.json", "w").write(json.dumps(doc, indent=2) + "\n")
# Rejections: a negative price; no currency; terms before products; a syntax error
neg = json.loads(json.dumps(doc)); neg["terms"]["OnDemand"]["G5"]["G5.JRTCKXETXF"]["priceDimensions"]["G5.JRTCKXETXF.HRS"]["pricePerUnit"]["USD"] = "-1.0060000000"
open("/work/main/tests/data/aws/ec2_negative_price.json", "w").write(json.dumps(neg, indent=2) + "\n")
# A price with no currency (its pricePerUnit keyed by an empty name)
nocur = json.loads(json.dumps(doc)); dims = nocur["terms"]["OnDemand"]["G5"]["G5.JRTCKXETXF"]["priceDimensions"]["G5.JRTCKXETXF.HRS"]
dims["pricePerUnit"] = {"": dims["pricePerUnit"]["USD"]}
open("/work/main/tests/data/aws/ec2_no_currency.json", "w").write(json.dumps(nocur, indent=2) + "\n")
swapped = {k: doc[k] for k in ["formatVersion", "offerCode", "version", "publicationDate", "terms", "products"]}
open("/work/main/tests/data/aws/ec2_terms_first.json", "w").write(json.dumps(swapped, indent=2) + "\n")
text = json.dumps(doc, indent=2).split("\n")
text[40] = text[40].rstrip(",")  # a missing comma inside the products
open("/work/main/tests/data/aws/ec2_syntax_error.json", "w").write("\n".join(text) + "\n")
