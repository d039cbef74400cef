/// The library's version, shown by `scrollwork --version`.
public let scrollworkVersion = "0.1.0"
