import LoginConformance

extension VectorMetadata {
    /// Whether the vector is one of `profile`'s reading alone: it names `profile` among its profiles. A vector that
    /// holds in every profile names none, and a profile that takes `profile`'s reading is named beside it
    /// (`"profiles": ["documented", "server"]`), so this, not `profiles == [profile]`, is what a test of one reading
    /// asks: it holds with any number of profiles.
    package func isOfReading(_ profile: ConformanceProfile) -> Bool {
        profiles?.contains(profile) == true
    }
}
