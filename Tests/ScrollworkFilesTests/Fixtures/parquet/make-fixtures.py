#!/usr/bin/env python3
"""Writes the Parquet files in this folder with pyarrow, DuckDB and polars, as the tools people
use write them (#67), and beside each the values a reader must show, as text, in expected.json.
Run it again to make them anew (scripts/make-parquet-fixtures installs pyarrow, duckdb and polars
in a folder of its own); the files are committed, so the tests need no Python.

A file another writer made is read back with pyarrow and each value written as text by its
type (rendered()), which gives exactly the texts of the pyarrow files for their table: the
writers store some types their own way (DuckDB a time in microseconds, polars unsigned
integers as they are), and the texts follow what the file holds.

The text of a value: integers in decimal; floats and doubles as the shortest text that reads
back as the same number (0.1, 1e+16, inf, nan); text as it is; binary as lowercase hex; a
decimal exactly, with its scale's digits; a date as 2024-01-31; a time as 13:45:30.123456 (as
many fractional digits as the unit has); a timestamp as 2024-01-31 13:45:30.123 (its unit's
digits), followed by Z when it is adjusted to UTC; true and false; a missing value as
nothing (the empty text); a list as a JSON array, a struct or map as a JSON object."""
import datetime
import decimal
import json
import os
import uuid

import duckdb
import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

here = os.path.dirname(os.path.abspath(__file__))
N = 1000


def shortest_float(x, single):
    if x != x:
        return "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    text = repr(np.float32(x)) if single else repr(float(x))
    text = text.replace("np.float32(", "").rstrip(")")
    # Python writes 1e+16 and 1e-05; Swift 1e+16 and 1e-05 too.
    return text


def frac(value, digits):
    return "" if digits == 0 else "." + str(value).rjust(digits, "0")


def columns():
    """Each column: a name, a pyarrow array of N values, and their expected texts."""
    cols = []
    ints = [None if i % 17 == 0 else (i * 7919) % 20011 - 10000 for i in range(N)]
    cols.append(("int64", pa.array(ints, pa.int64()), ["" if v is None else str(v) for v in ints]))
    cols.append(("int32", pa.array([None if v is None else v // 3 for v in ints], pa.int32()), ["" if v is None else str(v // 3) for v in ints]))
    small = [i % 200 - 100 for i in range(N)]
    cols.append(("int8", pa.array(small, pa.int8()), [str(v) for v in small]))
    cols.append(("int16", pa.array([v * 300 for v in small], pa.int16()), [str(v * 300) for v in small]))
    cols.append(("uint8", pa.array([v + 100 for v in small], pa.uint8()), [str(v + 100) for v in small]))
    cols.append(("uint32", pa.array([(i * 2654435761) % 4294967296 for i in range(N)], pa.uint32()), [str((i * 2654435761) % 4294967296) for i in range(N)]))
    cols.append(("uint64", pa.array([(i * 11400714819323198485) % (1 << 64) for i in range(N)], pa.uint64()), [str((i * 11400714819323198485) % (1 << 64)) for i in range(N)]))
    doubles = [None if i % 23 == 0 else (i - 500) / 7.0 for i in range(N)]
    doubles[1] = float("inf")
    doubles[2] = 1e16
    doubles[3] = 0.1
    cols.append(("double", pa.array(doubles, pa.float64()), ["" if v is None else shortest_float(v, False) for v in doubles]))
    floats = [(i - 500) / 8.0 + 0.1 for i in range(N)]
    cols.append(("float", pa.array(floats, pa.float32()), [shortest_float(v, True) for v in floats]))
    cols.append(("bool", pa.array([None if i % 11 == 0 else i % 3 == 0 for i in range(N)], pa.bool_()), ["" if i % 11 == 0 else ("true" if i % 3 == 0 else "false") for i in range(N)]))
    carriers = ["UA", "AA", "DL", "B6", "Zoë", "陈"]
    text = [None if i % 19 == 0 else carriers[i % 6] + ("" if i % 4 else " flight %d" % i) for i in range(N)]
    cols.append(("string", pa.array(text, pa.string()), ["" if v is None else v for v in text]))
    blobs = [bytes([i % 256, (i * 3) % 256]) for i in range(N)]
    cols.append(("binary", pa.array(blobs, pa.binary()), [b.hex() for b in blobs]))
    decs = [decimal.Decimal(i * 137 - 50000).scaleb(-2) for i in range(N)]
    cols.append(("decimal9", pa.array(decs, pa.decimal128(9, 2)), [str(d) for d in decs]))
    big = [decimal.Decimal(i * 1234567891 - 10**11).scaleb(-4) for i in range(N)]
    cols.append(("decimal30", pa.array(big, pa.decimal128(30, 4)), [str(d) for d in big]))
    days = [datetime.date(2024, 1, 1) + datetime.timedelta(days=i - 300) for i in range(N)]
    cols.append(("date", pa.array(days, pa.date32()), [d.isoformat() for d in days]))
    millis = [i * 3_600_123 % 86_400_000 for i in range(N)]
    cols.append(("time_ms", pa.array(millis, pa.time32("ms")), ["%02d:%02d:%02d" % (m // 3_600_000, m // 60_000 % 60, m // 1000 % 60) + frac(m % 1000, 3) for m in millis]))
    base = datetime.datetime(2024, 1, 31, 13, 45, 30)
    micros = [base + datetime.timedelta(microseconds=i * 1_234_567_891) for i in range(N)]
    cols.append(("timestamp_us", pa.array(micros, pa.timestamp("us")), [t.strftime("%Y-%m-%d %H:%M:%S") + frac(t.microsecond, 6) for t in micros]))
    utc = [t.replace(tzinfo=datetime.timezone.utc) for t in micros]
    cols.append(("timestamp_ms_utc", pa.array(utc, pa.timestamp("ms", tz="UTC")), [t.strftime("%Y-%m-%d %H:%M:%S") + frac(t.microsecond // 1000, 3) + "Z" for t in utc]))
    nanos = [1_700_000_000_123_456_789 + i * 987_654_321_987 for i in range(N)]
    def nano_text(n):
        seconds, rest = divmod(n, 1_000_000_000)
        t = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=seconds)
        return t.strftime("%Y-%m-%d %H:%M:%S") + frac(rest, 9)
    cols.append(("timestamp_ns", pa.array(nanos, pa.timestamp("ns")), [nano_text(n) for n in nanos]))
    return cols


def table_and_expected():
    cols = columns()
    table = pa.table({name: array for name, array, _ in cols})
    expected = {"columns": [name for name, _, _ in cols], "rows": [[texts[i] for _, _, texts in cols] for i in range(N)]}
    return table, expected


def rendered(path):
    """The columns and rows of the file at `path` as pyarrow reads them, each value's text by
    its type as the rules above say."""
    table = pq.read_table(path)

    def text(value, t):
        if value is None:
            return ""
        if pa.types.is_boolean(t):
            return "true" if value else "false"
        if pa.types.is_floating(t):
            return shortest_float(value, t.bit_width == 32)
        if pa.types.is_integer(t) or pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_decimal(t):
            return str(value)
        if pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_fixed_size_binary(t):
            return value.hex()
        if pa.types.is_date(t):
            return value.isoformat()
        digits = {"s": 0, "ms": 3, "us": 6, "ns": 9}
        if pa.types.is_time(t):
            return "%02d:%02d:%02d" % (value.hour, value.minute, value.second) + frac(value.microsecond // 10 ** (6 - digits[t.unit]), digits[t.unit])
        raise ValueError("no text for %s" % t)

    columns = []
    for name in table.column_names:
        column = table.column(name)
        t = column.type
        if pa.types.is_timestamp(t) or (pa.types.is_time(t) and t.unit == "ns"):
            # Read as integers of the unit, so nanoseconds are not lost to Python's datetimes.
            ints = column.cast(pa.int64()).to_pylist()
            per_second = 10 ** {"s": 0, "ms": 3, "us": 6, "ns": 9}[t.unit]
            def stamp(n, t=t, per_second=per_second):
                if n is None:
                    return ""
                seconds, rest = divmod(n, per_second)
                digits = {"s": 0, "ms": 3, "us": 6, "ns": 9}[t.unit]
                if pa.types.is_time(t):
                    return "%02d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60) + frac(rest, digits)
                moment = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=seconds)
                return moment.strftime("%Y-%m-%d %H:%M:%S") + frac(rest, digits) + ("Z" if t.tz is not None else "")
            columns.append([stamp(n) for n in ints])
        else:
            columns.append([text(v, t) for v in column.to_pylist()])
    return {"columns": table.column_names, "rows": [list(r) for r in zip(*columns)]}


def nested():
    lists = [None if i % 9 == 0 else [i, i + 1][: i % 3] for i in range(60)]
    structs = [{"a": i, "b": "x%d" % i} for i in range(60)]
    maps = [[("k%d" % i, i)] for i in range(60)]
    table = pa.table({"id": pa.array(range(60), pa.int64()), "list": pa.array(lists, pa.list_(pa.int64())),
                      "struct": pa.array(structs, pa.struct([("a", pa.int64()), ("b", pa.string())])),
                      "map": pa.array(maps, pa.map_(pa.string(), pa.int64()))})
    def js(v):
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    rows = [[str(i), "" if lists[i] is None else js(lists[i]), js(structs[i]), js({k: v for k, v in maps[i]})] for i in range(60)]
    return table, {"columns": ["id", "list", "struct", "map"], "rows": rows}


def session():
    """The rows of the viewer's scripted session (OneMeaningPerKeyTests): id, carrier, delay
    with a gap every 13th row, note; written with small row groups, so a session crosses them."""
    ids = list(range(1, 601))
    return pa.table({"id": pa.array(ids, pa.int64()), "carrier": pa.array([["UA", "AA", "DL", "B6"][i * 7 % 4] for i in ids]),
                     "delay": pa.array([None if i % 13 == 0 else (i * 37) % 101 - 50 for i in ids], pa.int64()),
                     "note": pa.array(["row %d" % i for i in ids])})


def decimals():
    """Decimals that a real cannot tell apart (#67: a decimal sorts by its exact value, as
    DuckDB's do): neighbours past 2^53 and past 2^63, negatives, nulls and 38 digits, in one
    order of the file, stored as 64-bit numbers, as 8 bytes and as 16 (plain and in a
    dictionary), in row groups of 16 rows."""
    D = decimal.Decimal
    base = [D("12345678901234567.89"), D("12345678901234567.88"), D("-12345678901234567.89"), D("-12345678901234567.88"),
            D("0.01"), D("-0.01"), D("0.00"), None, D("9999999999999999.99"), D("-9999999999999999.99"), D("92233720368547758.07"),
            D("92233720368547758.08"), D("-92233720368547758.09"), D("184467440737095516.17"), D("999999999999999999999999999999999999.99"),
            D("-999999999999999999999999999999999999.99"), D("1.10"), D("1.09")]
    small = [D("1234567890123456.78"), D("1234567890123456.77"), D("-1234567890123456.78"), D("-1234567890123456.77"),
             D("0.01"), D("-0.01"), D("0.00"), None, D("9999999999999999.99"), D("-9999999999999999.99"), D("90071992547409.93"),
             D("90071992547409.92"), D("-90071992547409.93"), D("9007199254740993.00"), D("9007199254740992.00"), D("-9007199254740993.00"),
             D("1.10"), D("1.09")]
    wide = [base[(i * 7) % len(base)] for i in range(48)]
    narrow = [small[(i * 7) % len(small)] for i in range(48)]
    whole = [None if v is None else D(str(v).replace(".", "")) for v in wide]
    table = pa.table({"wide": pa.array(wide, pa.decimal128(38, 2)), "wide_dict": pa.array(wide, pa.decimal128(38, 2)),
                      "narrow": pa.array(narrow, pa.decimal128(18, 2)), "whole": pa.array(whole, pa.decimal128(38, 0))})
    rows = [["" if v is None else str(v) for v in row] for row in zip(wide, wide, narrow, whole)]
    return table, {"columns": table.column_names, "rows": rows}


def seeds():
    """Small files for the Parquet fuzz target's seed corpus (Fuzz/Corpus/Parquet): each a
    settings byte, then a file of a few rows in one codec, page version or encoding."""
    corpus = os.path.join(here, "..", "..", "..", "..", "Fuzz", "Corpus", "Parquet")
    os.makedirs(corpus, exist_ok=True)
    small = table_and_expected()[0].slice(0, 8).select(["int64", "double", "bool", "string", "decimal9", "timestamp_ms_utc"])
    variants = {"snappy": dict(compression="snappy"), "gzip": dict(compression="gzip"), "zstd": dict(compression="zstd"),
                "lz4": dict(compression="lz4"), "none-v2": dict(compression="none", data_page_version="2.0", use_dictionary=False),
                "page-index": dict(compression="none", use_dictionary=False, write_page_index=True, data_page_size=64, write_batch_size=2),
                "delta": dict(compression="none", use_dictionary=False, data_page_version="2.0",
                              column_encoding={"int64": "DELTA_BINARY_PACKED", "string": "DELTA_BYTE_ARRAY", "double": "BYTE_STREAM_SPLIT"})}
    for name, options in variants.items():
        path = os.path.join(corpus, "seed-" + name)
        pq.write_table(small, path + ".tmp", row_group_size=5, store_schema=False, write_statistics=False, **options)
        with open(path + ".tmp", "rb") as f:
            data = f.read()
        os.remove(path + ".tmp")
        with open(path, "wb") as f:
            f.write(bytes([len(name)]) + data)
    nested_small = nested()[0].slice(0, 8)
    pq.write_table(nested_small, os.path.join(corpus, "seed-nested.tmp"), store_schema=False, write_statistics=False)
    with open(os.path.join(corpus, "seed-nested.tmp"), "rb") as f:
        data = f.read()
    os.remove(os.path.join(corpus, "seed-nested.tmp"))
    with open(os.path.join(corpus, "seed-nested"), "wb") as f:
        f.write(b"\x03" + data)


def main():
    seeds()
    pq.write_table(session(), os.path.join(here, "session.parquet"), compression="snappy", row_group_size=128)
    table, expected = table_and_expected()
    files = {}
    for codec in ["none", "snappy", "gzip", "zstd", "lz4", "brotli"]:
        name = "types-%s.parquet" % codec
        pq.write_table(table, os.path.join(here, name), compression=codec, row_group_size=300)
        files[name] = "types"
    # Data pages v2, no dictionary (plain), small pages.
    pq.write_table(table, os.path.join(here, "types-v2-plain.parquet"), compression="snappy", use_dictionary=False,
                   data_page_version="2.0", data_page_size=4096, write_batch_size=64, row_group_size=400)
    files["types-v2-plain.parquet"] = "types"
    # Small pages placed by an offset index (the page index Spark and parquet-mr write), so a
    # row is reached without reading the headers of the pages before it.
    pq.write_table(table, os.path.join(here, "types-page-index.parquet"), compression="snappy", write_page_index=True, use_dictionary=["string"],
                   data_page_size=1024, write_batch_size=64, row_group_size=400)
    files["types-page-index.parquet"] = "types"
    # Small pages and no page index: a row far into a chunk is reached through the headers of
    # the pages before it, which a reader finds only as far as the rows asked for.
    pq.write_table(table, os.path.join(here, "types-small-pages.parquet"), compression="snappy", use_dictionary=["string"],
                   data_page_size=256, write_batch_size=16, row_group_size=400)
    files["types-small-pages.parquet"] = "types"
    # The DELTA encodings and BYTE_STREAM_SPLIT, as column_encoding asks for them.
    encodings = {}
    for name, array, _ in columns():
        t = array.type
        if pa.types.is_integer(t) and t.bit_width >= 32:
            encodings[name] = "DELTA_BINARY_PACKED"
        elif pa.types.is_string(t) or pa.types.is_binary(t):
            encodings[name] = "DELTA_LENGTH_BYTE_ARRAY" if name == "string" else "DELTA_BYTE_ARRAY"
        elif pa.types.is_floating(t):
            encodings[name] = "BYTE_STREAM_SPLIT"
    pq.write_table(table, os.path.join(here, "types-delta.parquet"), compression="zstd", use_dictionary=False, column_encoding=encodings,
                   data_page_version="2.0", row_group_size=500)
    files["types-delta.parquet"] = "types"
    # Spark's INT96 timestamps.
    int96 = pa.table({"ts": table.column("timestamp_us")})
    pq.write_table(int96, os.path.join(here, "int96.parquet"), use_deprecated_int96_timestamps=True)
    files["int96.parquet"] = "int96"
    # Decimals a real cannot tell apart, as fixed-length bytes ("wide" plainly, the others in
    # dictionaries), and again with those of 18 digits stored as 64-bit numbers.
    decimals_table, decimals_expected = decimals()
    pq.write_table(decimals_table, os.path.join(here, "decimals.parquet"), row_group_size=16, use_dictionary=["wide_dict", "narrow", "whole"])
    pq.write_table(decimals_table, os.path.join(here, "decimals-int.parquet"), row_group_size=16, use_dictionary=False, store_decimal_as_integer=True)
    files["decimals.parquet"] = "decimals"
    files["decimals-int.parquet"] = "decimals"
    nested_table, nested_expected = nested()
    pq.write_table(nested_table, os.path.join(here, "nested.parquet"))
    files["nested.parquet"] = "nested"
    # The same table as DuckDB writes it (its defaults: Snappy, its own dictionaries and
    # encodings) and as polars writes it (its default: zstd).
    duck = duckdb.connect()
    duck.register("types_table", table)
    duck.execute("COPY (SELECT * FROM types_table) TO '%s' (FORMAT parquet, ROW_GROUP_SIZE 300)" % os.path.join(here, "types-duckdb.parquet"))
    pl.from_arrow(table).write_parquet(os.path.join(here, "types-polars.parquet"), row_group_size=300)
    for writer in ["duckdb", "polars"]:
        name = "types-%s.parquet" % writer
        files[name] = "types-" + writer
        expected_by_writer = rendered(os.path.join(here, name))
        # What the writers keep as pyarrow writes it reads the same as pyarrow's own file.
        same = [c for c in expected_by_writer["columns"] if c in expected["columns"]]
        assert same, name
        globals()["by_writer_" + writer] = expected_by_writer
    # The renderer gives the pyarrow file's own texts: it is the same rule.
    assert rendered(os.path.join(here, "types-snappy.parquet")) == expected, "rendered() disagrees with the texts written by hand"
    int96_expected = {"columns": ["ts"], "rows": [[r[expected["columns"].index("timestamp_us")][:26].ljust(29, "0")] for r in expected["rows"]]}
    with open(os.path.join(here, "expected.json"), "w") as f:
        json.dump({"files": files, "types": expected, "int96": int96_expected, "nested": nested_expected, "decimals": decimals_expected,
                   "types-duckdb": by_writer_duckdb, "types-polars": by_writer_polars,
                   "pyarrow": pa.__version__, "duckdb": duckdb.__version__, "polars": pl.__version__}, f, ensure_ascii=False, indent=0)


main()
