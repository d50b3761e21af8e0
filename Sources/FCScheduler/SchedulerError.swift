/// Everything that can go wrong in FCScheduler: only bad configuration, since scheduling itself cannot fail.
public enum SchedulerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A parameter of an algorithm is out of its valid range.
    case invalidParameter(algorithm: SchedulingAlgorithm, name: String, problem: String)

    public var description: String {
        switch self {
        case .invalidParameter(let algorithm, let name, let problem):
            "\(algorithm.rawValue) parameter \(name): \(problem)"
        }
    }
}
