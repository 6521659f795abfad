import Foundation
import LoginConformance
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One running adapter: a child process started with `/bin/sh -c <command line>` in a process group of its own,
/// whose standard output is read as lines and whose standard error is captured for the vector in flight.
///
/// There is no reader thread: whoever waits on the adapter — for a line (``readLine(timeout:)``), for its input to
/// take a request (``send(_:stallTimeout:)``), for its exit — polls both output pipes while it waits (``pump``), and
/// always drains standard error before standard output, so what an adapter writes to standard error before an
/// answer is attached to that answer's vector. Every wait on the adapter drains its pipes, so a flood on standard
/// error or standard output can never block it while the runner waits on it (the excess of standard error beyond
/// ``stderrLimit`` is counted, not kept); while the runner renders and judges between two waits, the adapter at
/// most blocks on a full pipe until the next one. An answer is read on the runner's own thread, with no handoff
/// between threads (BENCHMARKS.md, harness throughput).
final class AdapterProcess {
    /// What waiting for a line gives.
    enum ReadResult: Equatable {
        /// A complete line, without its newline.
        case line(String)
        /// A line that is not UTF-8, its bytes shown with the invalid ones escaped as `\xNN`.
        case invalidUTF8(String)
        /// A line longer than ``maxLineBytes`` (or output that never ends a line): its first bytes, shown escaped.
        case overlong(prefix: String)
        /// Standard output closed; `partial` holds bytes after the last newline, if any.
        case endOfOutput(partial: String)
        /// No line within the timeout.
        case timedOut
    }

    /// How much standard error is kept per vector.
    static let stderrLimit = 64 * 1024

    private let pid: pid_t
    private var stdinDescriptor: Int32
    /// The read ends of the adapter's standard output and standard error (non-blocking), `-1` once closed.
    private var outputDescriptor: Int32
    private var errorDescriptor: Int32
    /// What one read of a pipe takes at most.
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var lines: [ReadResult] = []
    /// The bytes of the queued lines not taken yet.
    private var pendingBytes = 0
    /// Past this many queued lines, or bytes, standard output is not read until the runner takes some.
    static let pendingLineLimit = 65_536
    static let pendingByteLimit = 32 << 20
    private var lineStart = 0
    private var partial: [UInt8] = []
    /// Discarding the rest of an over-long line, up to its newline.
    private var discardingLine = false
    /// The longest line of standard output kept; a longer one is cut at once (memory stays bounded).
    let maxLineBytes: Int
    private var stderrText: [UInt8] = []
    private var stderrDropped = 0
    private var exitStatus: Int32?

    /// Starts `command` through `/bin/sh -c`. Throws when the process cannot be started.
    init(command: String, maxLineBytes: Int = 1 << 20) throws(HarnessFailure) {
        self.maxLineBytes = max(1, maxLineBytes)
        AdapterProcess.ignoreBrokenPipes
        // Pipes are made close-on-exec and the child spawned under one lock, so an adapter started concurrently
        // (parallel tests) never inherits another adapter's pipe ends.
        AdapterProcess.spawnLock.lock()
        defer { AdapterProcess.spawnLock.unlock() }
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1], error: [Int32] = [-1, -1]
        guard makePipe(&input), makePipe(&output), makePipe(&error) else {
            throw HarnessFailure.cannotStart("cannot create pipes: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, error[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Nothing but the three pipes: a descriptor of the host that is not close-on-exec (a `Pipe` of Foundation,
        // another library's socket) would otherwise live as long as the adapter and its descendants, holding the
        // host's other pipes open.
        var flags = Int16(POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
        flags |= Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        Self.closeDescriptorsAbove2(&actions)
        #endif
        posix_spawnattr_setflags(&attributes, flags)
        posix_spawnattr_setpgroup(&attributes, 0)

        let words: [String] = ["/bin/sh", "-c", Self.execIfSimple(command)]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        // The environment, marked: every descendant inherits the marker, so one that left the process group is
        // still known to be the adapter's (and a reused process ID is not).
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let variable = entry.pointee {
            if !String(cString: variable).hasPrefix(Self.markerName + "=") { inherited.append(strdup(variable)) }
            entry += 1
        }
        let environment = inherited + [strdup(Self.marker), nil]
        defer { environment.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, environment)
        close(input[0])
        close(output[1])
        close(error[1])
        guard status == 0 else {
            close(input[1])
            close(output[0])
            close(error[0])
            throw HarnessFailure.cannotStart("cannot start /bin/sh -c \(command): \(String(cString: strerror(status)))")
        }
        pid = child
        Self.live.withLock { _ = $0.insert(child) }
        stdinDescriptor = input[1]
        outputDescriptor = output[0]
        errorDescriptor = error[0]
        // Neither writes nor reads ever block: every wait is a `poll` with a deadline (``pump(timeout:waitingToWrite:)``).
        for descriptor in [input[1], output[0], error[0]] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
    }

    private static let spawnLock = NSLock()

    /// `exec <command>` for a simple command line (a program and its arguments), so the adapter is the shell's
    /// process itself: no shell holds its standard output open after the adapter closes it, and its exit status
    /// is its own. Anything with shell syntax beyond words and quotes runs as written.
    static func execIfSimple(_ command: String) -> String {
        let special = Set(";&|<>()`$\n{}*?[]#~=\\")
        let words = command.split(separator: " ")
        let keywords: Set<Substring> = ["if", "for", "while", "until", "case", "exec", "cd", "export", "set", "eval",
                                        "ulimit", "umask", "trap", "!", "time", "exit", "."]
        guard let first = words.first, !keywords.contains(first), !command.contains(where: special.contains) else {
            return command
        }
        return "exec " + command
    }

    /// Writing to an adapter that died must be an error, not a signal that ends the runner.
    private static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// What sending a line gives.
    enum SendResult: Equatable {
        /// The whole line was written.
        case sent
        /// The adapter's input is closed (it exited or closed its standard input: `EPIPE`): nothing more reaches it.
        case closed(String)
        /// The adapter stopped reading: no byte could be written for `stallTimeout` (the pipe is full).
        case stalled
    }

    /// Sends one line (a newline is added). The adapter's input is non-blocking, so a write never waits without a
    /// deadline: when no byte can be written for `stallTimeout` (the adapter stopped reading and the pipe is full),
    /// the send gives up with ``SendResult/stalled``. Each byte written restarts the wait (a slow reader is not a
    /// stuck one).
    func send(_ line: String, stallTimeout: Duration) -> SendResult {
        send([line], stallTimeout: stallTimeout).result
    }

    /// Sends `lines` (a newline added to each) in as few writes as the pipe takes, so that an adapter reading a
    /// batch wakes once for it, not once a line; as ``send(_:stallTimeout:)``, with how many of the lines were
    /// written whole before it stopped.
    func send(_ lines: [String], stallTimeout: Duration) -> (whole: Int, result: SendResult) {
        guard stdinDescriptor >= 0 else { return (0, .closed("the runner closed the adapter's input")) }
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(lines.count)
        for line in lines {
            bytes += line.utf8
            bytes.append(UInt8(ascii: "\n"))
            ends.append(bytes.count)
        }
        var offset = 0
        var deadline = ContinuousClock.now + stallTimeout
        func whole() -> Int { ends.firstIndex { $0 > offset } ?? ends.count }
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(stdinDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
                deadline = ContinuousClock.now + stallTimeout
                continue
            }
            if written < 0 && errno == EINTR { continue }
            guard written < 0, errno == EAGAIN || errno == EWOULDBLOCK else {
                return (whole(), .closed(String(cString: strerror(errno))))
            }
            let now = ContinuousClock.now
            guard now < deadline else { return (whole(), .stalled) }
            // The pipe is full: wait for room, reading the adapter's output meanwhile (an adapter blocked writing an
            // answer or its standard error reads no more). At most 100 ms at a time: an interrupt kills the adapter,
            // and its closed input ends the wait.
            pump(timeout: min(deadline - now, .milliseconds(100)), waitingToWrite: true)
        }
        return (lines.count, .sent)
    }

    /// The next line of standard output, waiting at most `timeout` (the pipes are read at least once, even with
    /// a timeout of zero). The end of standard output, or the adapter's own exit while a process it started keeps
    /// standard output open, ends the wait at once.
    func readLine(timeout: Duration) -> ReadResult {
        let deadline = ContinuousClock.now + timeout
        var exitedAt: ContinuousClock.Instant?
        var polled = false
        while true {
            if lineStart < lines.count {
                let line = lines[lineStart]
                pendingBytes -= Self.size(of: line)
                lineStart += 1
                if lineStart > 1024 {
                    lines.removeFirst(lineStart)
                    lineStart = 0
                }
                return line
            }
            if outputDescriptor < 0 || (exitedAt.map { ContinuousClock.now - $0 > .milliseconds(300) } ?? false) {
                return .endOfOutput(partial: Self.shown(partial))
            }
            let now = ContinuousClock.now
            if polled, now >= deadline { return .timedOut }
            // At most 100 ms at a time, to notice the adapter's exit (its output may be held open by a child).
            let readOutput = pump(timeout: min(max(.zero, deadline - now), .milliseconds(100)), waitingToWrite: false).readOutput
            polled = true
            if !readOutput, exitedAt == nil, reap(blocking: false) != nil {
                // Lines it wrote before exiting are still read; give them a moment.
                exitedAt = ContinuousClock.now
            }
        }
    }

    /// Lines already read and not taken yet, without waiting; with `untilEnd`, waits up to `timeout` for standard
    /// output to end (or the adapter to exit) and returns every line written until then.
    /// At most `keep` lines are returned; the rest are read and dropped (memory stays bounded).
    func drainLines(untilEnd timeout: Duration, keep: Int = 20) -> [ReadResult] {
        var drained: [ReadResult] = []
        let deadline = ContinuousClock.now + timeout
        while true {
            let now = ContinuousClock.now
            if now > deadline, drained.count > 0 { return drained }
            switch readLine(timeout: max(.zero, deadline - now)) {
            case .endOfOutput(let partial):
                if !partial.isEmpty, drained.count < keep { drained.append(.line(partial)) }
                return drained
            case .timedOut:
                return drained
            case let line:
                if drained.count < keep { drained.append(line) }
            }
        }
    }

    private static func size(of line: ReadResult) -> Int {
        switch line {
        case .line(let text), .invalidUTF8(let text), .overlong(let text): text.utf8.count
        case .endOfOutput, .timedOut: 0
        }
    }

    private func enqueue(_ line: ReadResult) {
        lines.append(line)
        pendingBytes += Self.size(of: line)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Bytes as text: valid UTF-8 as it is, otherwise every byte that is not printable ASCII as `\xNN`.
    static func shown<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return escaped(bytes)
    }

    /// Every byte that is not printable ASCII as `\xNN`.
    static func escaped<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var text = ""
        for byte in bytes {
            if byte >= 0x20 && byte < 0x7f && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return text
    }

    /// Standard error captured since the last call (capped), then cleared; `nil` when there was none.
    func takeStderr() -> String? {
        defer {
            stderrText.removeAll()
            stderrDropped = 0
        }
        guard !stderrText.isEmpty else { return nil }
        let text = String(decoding: stderrText, as: UTF8.self)
        return stderrDropped > 0 ? text + "\n… \(stderrDropped) more bytes of standard error not kept" : text
    }

    /// Waits up to `timeout` for standard error to close (after the process died), so its last words are kept.
    func waitForStderrToClose(timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        while errorDescriptor >= 0 {
            let now = ContinuousClock.now
            guard now < deadline else { return }
            pump(timeout: deadline - now, waitingToWrite: false)
        }
    }

    /// How the process ended, waiting at most `timeout` for it to end (asked at least once, even with no time left).
    func exit(waiting timeout: Duration) -> AdapterExit {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = reap(blocking: false) { return AdapterExit(waitStatus: status) }
            let now = ContinuousClock.now
            guard now < deadline else { return .stillRunning }
            // Its output is read while it ends: an adapter blocked on a full pipe would never exit.
            pump(timeout: min(deadline - now, .milliseconds(10)), waitingToWrite: false)
        }
    }

    /// Closes the adapter's input, so an adapter that reads to the end exits by itself.
    func closeInput() {
        if stdinDescriptor >= 0 {
            close(stdinDescriptor)
            stdinDescriptor = -1
        }
    }

    /// Kills the adapter's whole process group and every process descending from it that left the group (a
    /// child that called `setsid()`), and reaps it. When the runner is a child subreaper
    /// (``adoptOrphans()``), processes orphaned by an adapter and re-parented to the runner are killed too.
    func kill() {
        closeInput()
        // Read before the group dies: a process that left the group is still linked to the adapter by its parent.
        rememberDescendants()
        killProcessGroup(pid)
        for stray in remembered.withLock({ $0 }) where Self.isMarked(stray) { _ = signalProcess(stray, SIGKILL) }
        _ = reap(blocking: true)
        Self.live.withLock { _ = $0.remove(pid) }
        Self.killOrphans()
        // Its last words: what standard error holds now (a descendant that outlived it may hold the pipe open; what
        // it writes later is not waited for). Standard output is not read any more.
        pump(timeout: .zero, waitingToWrite: false)
        for descriptor in [outputDescriptor, errorDescriptor] where descriptor >= 0 { close(descriptor) }
        outputDescriptor = -1
        errorDescriptor = -1
    }

    /// The adapter's descendants seen so far (``rememberDescendants()``), killed with it if they are still there.
    private let remembered = Locked<Set<pid_t>>([])

    /// Notes the adapter's descendants now, while it lives (before `stop`, after which it exits by itself and its
    /// descendants lose their link to it).
    func rememberDescendants() {
        let found = descendants(of: pid)
        remembered.withLock { $0.formUnion(found) }
    }

    /// The environment variable that marks an adapter's descendants, with the runner's process ID.
    static let markerName = "LOGIN_CONFORMANCE_ADAPTER_OF"
    private static let marker = "\(markerName)=\(getpid())"

    /// Whether `process` carries this runner's marker in its environment (Linux; elsewhere, whether it exists).
    static func isMarked(_ process: pid_t) -> Bool {
        #if os(Linux)
        guard let environment = FileManager.default.contents(atPath: "/proc/\(process)/environ") else { return false }
        return environment.split(separator: 0).contains { $0.elementsEqual(marker.utf8) }
        #else
        return signalProcess(process, 0) == 0
        #endif
    }

    /// The process IDs of the adapters running now (an orphan is a child of the runner that is none of them).
    private static let live = Locked<Set<pid_t>>([])
    /// Whether this process adopts orphaned descendants (``adoptOrphans()``).
    private static let adopting = Locked(false)

    /// Makes the runner a child subreaper (Linux, `prctl(PR_SET_CHILD_SUBREAPER)`): a descendant of an adapter whose
    /// parent exits — a daemon that double-forks and calls `setsid()` — is re-parented to the runner instead of
    /// init, so stopping an adapter stops it too. Call once, in a process that starts no other children (the
    /// CLI). Elsewhere (macOS) it does nothing: descendants that leave the process group are found from the
    /// adapter while their parent lives (``kill()``), not after. Returns whether it took effect.
    @discardableResult
    package static func adoptOrphans() -> Bool {
        #if os(Linux)
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return false }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        let adopted = prctl(36 /* PR_SET_CHILD_SUBREAPER */, 1, 0, 0, 0) == 0
        adopting.withLock { $0 = adopted }
        return adopted
        #else
        return false
        #endif
    }

    /// Kills and reaps the children of this process that are no running adapter but carry the marker (orphans of
    /// adapters it adopted).
    private static func killOrphans() {
        guard adopting.withLock({ $0 }) else { return }
        let running = live.withLock { $0 }
        for orphan in descendants(of: getpid(), depth: 1) where !running.contains(orphan) && isMarked(orphan) {
            _ = signalProcess(orphan, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(orphan, &status, 0)
        }
    }

    /// The adapter's process group ID (its shell's process ID).
    var processGroup: pid_t { pid }

    deinit {
        kill()
    }

    private func reap(blocking: Bool) -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        guard result == pid else { return nil }
        exitStatus = status
        return status
    }

    /// Waits at most `timeout` for the adapter's output (and, `waitingToWrite`, for room in its input), then reads
    /// what each output pipe holds: standard error first, so what the adapter wrote there before an answer is
    /// attached to that answer's vector. Standard output is not read while many unread lines are queued (an adapter
    /// writing far more than it is asked): the adapter then blocks on its writes and memory stays bounded. A pipe
    /// at its end is closed. Returns whether standard output was read and whether the input has room.
    @discardableResult
    private func pump(timeout: Duration, waitingToWrite: Bool) -> (readOutput: Bool, writable: Bool) {
        let throttled = lines.count - lineStart >= Self.pendingLineLimit || pendingBytes >= Self.pendingByteLimit
        // A descriptor of -1 is left out by `poll`.
        var descriptors = [pollfd(fd: errorDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: throttled ? -1 : outputDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: waitingToWrite ? stdinDescriptor : -1, events: Int16(POLLOUT), revents: 0)]
        let milliseconds = timeout <= .zero ? 0 : Int32(clamping: Int((Self.seconds(timeout) * 1000).rounded(.up)))
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return (false, false) }
        if descriptors[0].revents != 0, let count = readChunk(from: &errorDescriptor) {
            let room = max(0, Self.stderrLimit - stderrText.count)
            stderrText.append(contentsOf: readBuffer[0..<min(room, count)])
            stderrDropped += max(0, count - room)
        }
        var readOutput = false
        if descriptors[1].revents != 0, let count = readChunk(from: &outputDescriptor) {
            splitLines(readBuffer[0..<count])
            readOutput = true
        }
        return (readOutput, descriptors[2].revents != 0)
    }

    /// One read of `descriptor` into ``readBuffer``: the byte count, or `nil` when nothing was read. At the end of
    /// the pipe (or on an error other than a retry) the descriptor is closed and set to `-1`.
    private func readChunk(from descriptor: inout Int32) -> Int? {
        let count = readBuffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        if count > 0 { return count }
        if count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { return nil }
        close(descriptor)
        descriptor = -1
        return nil
    }
}

extension AdapterProcess {
    /// Adds what the adapter wrote to standard output to the line being read, queueing each line it ends. The bytes
    /// between newlines are appended as runs, not one by one: each access to the process's state is an exclusivity
    /// check, which per byte was most of the reading's time.
    fileprivate func splitLines(_ bytes: ArraySlice<UInt8>) {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            if !discardingLine {
                partial.append(contentsOf: bytes[start..<(newline ?? bytes.endIndex)])
                if partial.count > maxLineBytes {
                    // Cut at once: neither the memory (a read's worth beyond the limit at most) nor the wait for a
                    // newline is unbounded.
                    enqueue(.overlong(prefix: Self.escaped(partial.prefix(200))))
                    partial = []
                    discardingLine = true
                }
            }
            guard let newline else { return }
            if discardingLine {
                discardingLine = false
            } else if let text = String(validating: partial, as: UTF8.self) {
                enqueue(.line(text))
            } else {
                enqueue(.invalidUTF8(Self.escaped(partial.prefix(2_000))))
            }
            partial.removeAll(keepingCapacity: partial.count <= 64 * 1024)
            start = newline + 1
        }
    }
}

#if !canImport(Darwin)
extension AdapterProcess {
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; its headers declare it only for
    /// `_GNU_SOURCE`), or `nil` on a C library without it.
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    /// Adds to `actions` (after the `dup2`s of the three pipes) the closing of every descriptor above 2: all at
    /// once where the C library can, else each one open now (`/proc/self/fd`), under the spawn lock.
    fileprivate static func closeDescriptorsAbove2(_ actions: inout posix_spawn_file_actions_t) {
        if let addCloseFrom, addCloseFrom(&actions, 3) == 0 { return }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }
}
#endif

/// A pipe whose descriptors are closed on exec, so no other adapter inherits them (an inherited write end would
/// keep a dead adapter's output from ever ending).
private func makePipe(_ descriptors: inout [Int32]) -> Bool {
    guard pipe(&descriptors) == 0 else { return false }
    return descriptors.allSatisfy { fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }
}

/// Whether a process of the group `group` is still there (and not a zombie waiting to be reaped).
func processGroupExists(_ group: pid_t) -> Bool {
    guard signalGroup(group, 0) == 0 else { return false }
    #if os(Linux)
    // A zombie still counts for kill(2); read /proc for a live member.
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return true }
    for entry in entries where entry.first?.isNumber == true {
        guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 2, fields[2] == "\(group)", fields[0] != "Z" { return true }
    }
    return false
    #else
    return true
    #endif
}

/// The processes descending from `root` (its children, theirs…, at most `depth` generations), read from `/proc`
/// on Linux; empty elsewhere.
func descendants(of root: pid_t, depth: Int = .max) -> [pid_t] {
    #if os(Linux)
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    var children: [pid_t: [pid_t]] = [:]
    for entry in entries {
        guard let process = pid_t(entry),
              let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(process) }
    }
    var found: [pid_t] = [], generation = [root], level = 0
    while !generation.isEmpty, level < depth {
        generation = generation.flatMap { children[$0] ?? [] }
        found += generation
        level += 1
    }
    return found
    #else
    return []
    #endif
}

/// Sends `signal` to one process.
func signalProcess(_ process: pid_t, _ signal: Int32) -> Int32 {
    kill(process, signal)
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}

/// Sends `signal` to every process of the group `group`.
@discardableResult
func signalGroup(_ group: pid_t, _ signal: Int32) -> Int32 {
    kill(-group, signal)
}

/// Kills every process of the adapter's group (a shell and the program it started).
private func killProcessGroup(_ pid: pid_t) {
    _ = kill(-pid, SIGKILL)
}
