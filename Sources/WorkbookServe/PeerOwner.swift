// PeerOwner: on Linux, who owns the other end of a connection to the
// preview. A second layer behind the key (AccessKey.swift): a program of
// another user of this machine that learnt the key anyway (from the
// command line of a browser started with the address, or from a cookie
// its own server on another port of 127.0.0.1 was sent) is still refused.
//
// The kernel's tables of TCP sockets (/proc/net/tcp, and /proc/net/tcp6
// for an IPv6 socket connected to an IPv4 address) list both ends of a
// loopback connection, each with its state and the user who owns its
// socket. Served: a connection whose client socket is listed, still
// established, and owned by this user or root (root can act as any user
// anyway). A client that closed its end (a closed socket is listed as root's)
// or reset it (it is not listed) is refused, as is one no table lists.
// A system whose tables do not list the server's own listening socket
// (no /proc: macOS; WSL 1's are empty) leaves the key alone to decide. The
// tables are opened once, when the server starts, so that running out of
// descriptors never stops the check (a read that fails refuses, 503).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlyingFox
import Foundation
import WorkbookSupport

final class PeerOwner: @unchecked Sendable {
  /// One end of a TCP connection over IPv4, as the tables print it: the
  /// address's 32 bits as stored (network order read as a native integer)
  /// and the port as a number.
  struct Endpoint: Equatable {
    var address: UInt32
    var port: UInt16

    init(address: UInt32, port: UInt16) {
      self.address = address
      self.port = port
    }

    init(_ socket: sockaddr_in) {
      address = socket.sin_addr.s_addr
      port = UInt16(bigEndian: socket.sin_port)
    }

    /// `0100007F:1F40` in /proc/net/tcp.
    var ip4: String { String(format: "%08X:%04X", address, port) }
    /// The same end as an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`), in /proc/net/tcp6.
    var ip6: String { String(format: "%08X%08X%08X%08X:%04X", UInt32(0), UInt32(0), UInt32(0xFFFF).bigEndian, address, port) }
  }

  /// The tables, in the order they are looked in.
  static let paths = ["/proc/net/tcp", "/proc/net/tcp6"]

  /// The tables, opened once when the server starts (nil: not there), and
  /// read again from their start for each connection: no connection needs
  /// a descriptor of its own to be checked, so a full descriptor table
  /// never stops the check.
  private let tables: [Int32?]
  private let lock = NSLock()

  init(paths: [String] = PeerOwner.paths) {
    tables = paths.map { path in
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      return fd >= 0 ? fd : nil
    }
  }

  deinit {
    for case let fd? in tables { close(fd) }
  }

  /// Why the connection on `fd` is not served (status and sentence), or
  /// nil: it is served.
  func refusal(forConnection fd: Int32) -> (status: HTTPStatusCode, reason: String)? {
    let refused = (HTTPStatusCode.forbidden, "This preview is served to the user who started workbook serve only\n")
    guard let client = Self.address(of: fd, peer: true), let server = Self.address(of: fd, peer: false) else { return refused }
    var listed = false
    for (index, table) in tables.enumerated() {
      guard let table else { continue }
      guard let bytes = lock.withLock({ Self.readFromStart(table) }) else {
        return (.serviceUnavailable, "Could not read \(Self.paths[index]) to see whose connection this is; try again\n")
      }
      // The IPv4 table lists the server's listening socket: it lists sockets.
      if index == 0 { listed = Self.entry(in: bytes, local: server.ip4, remote: "00000000:0000")?.state == Self.listening }
      let end = index == 0 ? client.ip4 : client.ip6, other = index == 0 ? server.ip4 : server.ip6
      guard let entry = Self.entry(in: bytes, local: end, remote: other) else { continue }
      return entry.state == Self.established && (entry.uid == geteuid() || entry.uid == 0) ? nil : refused
    }
    return listed ? refused : nil
  }

  /// The states, as the tables print them.
  static let established = "01", listening = "0A"

  /// The state and owner of the socket a table lists with `local` and
  /// `remote` ends (as the table writes them), or nil. A byte search: the
  /// table of a busy machine has thousands of lines, read at each connection.
  static func entry(in table: [UInt8], local: String, remote: String) -> (state: String, uid: uid_t)? {
    let needle = Data(" \(local) \(remote) ".utf8)
    guard let found = Data(table).range(of: needle) else { return nil }
    let start = found.upperBound
    // st tx_queue:rx_queue tr:tm->when retrnsmt uid …
    let line = table[start...].prefix { $0 != 10 }
    let fields = line.split(separator: 32)
    guard fields.count > 4, let uid = uid_t(String(decoding: fields[4], as: UTF8.self)) else { return nil }
    return (String(decoding: fields[0], as: UTF8.self), uid)
  }

  /// A table's bytes, from its start to its end (the kernel writes it
  /// anew; Foundation's `contents(atPath:)` would stop after 4 KB), or nil.
  private static func readFromStart(_ fd: Int32) -> [UInt8]? {
    guard lseek(fd, 0, SEEK_SET) == 0 else { return nil }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { readDescriptor(fd, $0.baseAddress!, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      bytes += buffer[..<count]
    }
  }

  /// The address of the connection's other end (`peer`) or of this one.
  private static func address(of fd: Int32, peer: Bool) -> Endpoint? {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        peer ? getpeername(fd, $0, &length) : getsockname(fd, $0, &length)
      }
    }
    guard result == 0, Int32(address.sin_family) == AF_INET else { return nil }
    return Endpoint(address)
  }
}
