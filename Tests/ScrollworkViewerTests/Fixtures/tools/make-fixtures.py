#!/usr/bin/env python3
"""Writes the files in this folder as everyday tools write them (#72): byte for byte the
layout each tool's export uses, with the same small table of three people, so that a test can
say by hand what every value is. Run it again to make them anew; the files are committed."""
import os

here = os.path.dirname(os.path.abspath(__file__))
rows = [("1", "Zoë Adams", "München", "1.5"), ("2", "Bob \"The Builder\"", "Kraków, PL", ""), ("3", "Chen 陈", "Zürich", "-2")]


def write(name, data):
    with open(os.path.join(here, name), "wb") as f:
        f.write(data)


def quoted(value, sep=",", quote='"'):
    if any(c in value for c in (sep, quote, "\n", "\r")):
        return quote + value.replace(quote, quote + quote) + quote
    return value


# Excel "CSV UTF-8 (Comma delimited)": a byte order mark, CRLF line ends, quotes where needed.
write("excel-utf8.csv", b"\xef\xbb\xbf" + "".join(",".join(quoted(v) for v in r) + "\r\n" for r in [("id", "name", "city", "score")] + rows).encode())
# Excel "Unicode Text": UTF-16LE with its byte order mark, tabs, CRLF, fields with tabs quoted.
write("excel-unicode.txt", b"\xff\xfe" + "".join("\t".join(quoted(v, "\t") for v in r) + "\r\n" for r in [("id", "name", "city", "score")] + rows).encode("utf-16-le"))
# Excel's separator hint for a semicolon list: the first line says it, and is no row.
write("excel-sep.csv", ("sep=;\r\n" + "".join(";".join(quoted(v, ";") for v in r) + "\r\n" for r in [("id", "name", "city", "score")] + rows)).encode())
# R's write.csv: quoted row names as the first column (its heading empty), every string quoted, NA for missing.
r_rows = ['"","id","name","city","score"'] + [f'"{i + 1}",{r[0]},"{r[1].replace(chr(34), chr(34) * 2)}","{r[2]}",{r[3] or "NA"}' for i, r in enumerate(rows)]
write("r-write.csv", ("\n".join(r_rows) + "\n").encode())
# pandas to_csv with its index: an unnamed first column 0, 1, 2; missing values empty.
write("pandas-index.csv", ("," + ",".join(["id", "name", "city", "score"]) + "\n" + "".join(f"{i}," + ",".join(quoted(v) for v in r) + "\n" for i, r in enumerate(rows))).encode())
# PostgreSQL COPY … TO STDOUT (text format): tabs, \N for NULL, a backslash escaped.
write("postgres-copy.tsv", ("id\tname\tcity\tscore\n" + "".join("\t".join(v if v else "\\N" for v in r) + "\n" for r in rows)).encode())
# MySQL's tab dump (mysql -B, SELECT … INTO OUTFILE): tabs, \N for NULL.
write("mysql-dump.tsv", ("id\tname\tcity\tscore\n" + "".join("\t".join(v if v else "\\N" for v in r) + "\n" for r in rows)).encode())
# Google Sheets' CSV download: no byte order mark, CRLF between rows and none after the last.
write("google-sheets.csv", "\r\n".join(",".join(quoted(v) for v in r) for r in [("id", "name", "city", "score")] + rows).encode())
# JSON Lines with a byte order mark and CRLF line ends (PowerShell's and some Windows tools').
import json
write("bom-crlf.jsonl", b"\xef\xbb\xbf" + "".join(json.dumps({"id": int(r[0]), "name": r[1], "city": r[2], "score": float(r[3]) if r[3] else None}, ensure_ascii=False) + "\r\n" for r in rows).encode())
# LibreOffice's CSV export with ' as its string delimiter, quoting where needed (its default)…
write("libreoffice-quote.csv", "".join(",".join(quoted(v, ",", "'") for v in r) + "\n" for r in [("id", "name", "city", "score")] + rows).encode())
# …and with "Quote all text cells", ; between fields, a doubled ' and a line break in a cell.
lo_rows = rows + [("4", "Seán O'Neill", "L'Aquila\nAbruzzo", "3")]
lo_text = lambda v: v if v == "" or v.lstrip("-").replace(".", "", 1).isdigit() else "'" + v.replace("'", "''") + "'"
write("libreoffice-quote-all.csv", "".join(";".join(lo_text(v) for v in r) + "\n" for r in [("id", "name", "city", "score")] + lo_rows).encode())
# Excel's "CSV (Comma delimited)" on a Western Windows: Windows-1252, CRLF, no byte order mark; a
# character it has no byte for becomes "?", and its curly quotes and € are bytes 0x80–0x9F.
cp_rows = [r if r[0] != "3" else ("3", "Chen ?", r[2], r[3]) for r in rows] + [("4", "“Zoë” € 5", "Montréal", "0")]
write("excel-windows1252.csv", "".join(",".join(quoted(v) for v in r) + "\r\n" for r in [("id", "name", "city", "score")] + cp_rows).encode("cp1252"))
# The same export as a web server or a log rotation compresses it: decoded after gzip.
import gzip
with open(os.path.join(here, "excel-windows1252.csv"), "rb") as f:
    write("excel-windows1252.csv.gz", gzip.compress(f.read(), mtime=0))
