#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Date, CPU, core count and load: what a reader needs to judge the numbers.
func machineDescription() -> String {
  var clock = time(nil)
  var parts = tm()
  gmtime_r(&clock, &parts)
  var buffer = [CChar](repeating: 0, count: 64)
  let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
  let date = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
  let model =
    readFile("/proc/cpuinfo")?.split(separator: "\n")
    .first { $0.hasPrefix("model name") }?
    .split(separator: ":", maxSplits: 1).last?
    .trimmingPrefix(" ") ?? "unknown CPU"
  let load = readFile("/proc/loadavg")?.split(separator: " ").prefix(3).joined(separator: " ")
  return "date: \(date); machine: \(cores) cores, \(model); load average: \(load ?? "unknown")"
}

func readFile(_ path: String) -> String? {
  guard let file = fopen(path, "r") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count <= 0 { break }
    bytes += chunk[0..<count]
  }
  return String(decoding: bytes, as: UTF8.self)
}
