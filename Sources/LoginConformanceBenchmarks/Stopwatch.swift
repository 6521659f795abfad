/// Times measured for the benchmarks, on the monotonic clock, and what is computed from them.
enum Stopwatch {
    /// How long `body` takes.
    static func time(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        return clock.now - start
    }

    /// The median of `times` (the upper one of an even count); `times` must not be empty.
    static func median(_ times: [Duration]) -> Duration {
        times.sorted()[times.count / 2]
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
