import LoginConformance

/// A vector that can be copied under another ID, for the scaling and throughput runs.
protocol BenchReplicable {
    /// This vector under the ID `<id>~<copy>`, otherwise the same.
    func replica(_ copy: Int) -> any ConformanceVector
}

extension Vector: BenchReplicable {
    func replica(_ copy: Int) -> any ConformanceVector {
        Vector(metadata: VectorMetadata(id: "\(metadata.id)~\(copy)", description: metadata.description,
                                        severity: metadata.severity, profiles: metadata.profiles, refs: metadata.refs,
                                        rules: metadata.rules),
               input: input, expected: expected)
    }
}

extension Array where Element == any ConformanceVector {
    /// These vectors repeated `factor` times, the copies with distinct IDs (`<id>~2`, `<id>~3`…).
    func replicated(_ factor: Int) -> [any ConformanceVector] {
        guard factor > 1 else { return self }
        var copies = self
        copies.reserveCapacity(count * factor)
        for copy in 2...factor {
            for vector in self {
                copies.append((vector as! any BenchReplicable).replica(copy))
            }
        }
        return copies
    }
}
