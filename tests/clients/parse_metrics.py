"""Parses a /metrics scrape (stdin) with the Prometheus project's own
parsers and prints it as JSON: {"families": {name: type}, "samples":
[[name, labels, value], ...]}. The format is the first argument: `openmetrics`
(the strict OpenMetrics parser) or `text` (Prometheus's text format). A
scrape either parser refuses exits non-zero with the parser's error."""

import json
import sys

from prometheus_client.openmetrics.parser import text_string_to_metric_families as openmetrics_families
from prometheus_client.parser import text_string_to_metric_families as text_families


def main() -> None:
    parse = openmetrics_families if sys.argv[1] == "openmetrics" else text_families
    families, samples = {}, []
    for family in parse(sys.stdin.read()):
        families[family.name] = family.type
        for sample in family.samples:
            samples.append([sample.name, sample.labels, sample.value])
    json.dump({"families": families, "samples": samples}, sys.stdout)


if __name__ == "__main__":
    main()
