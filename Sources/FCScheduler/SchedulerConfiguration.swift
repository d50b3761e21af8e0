/// The configuration of every algorithm, so that a ``Scheduler`` can switch between them.
public struct SchedulerConfiguration: Sendable, Codable, Hashable {
    public var fsrs: FSRSParameters
    public var badger: BadgerParameters
    public var leitner: LeitnerParameters

    public init(
        fsrs: FSRSParameters = FSRSParameters(),
        badger: BadgerParameters = BadgerParameters(),
        leitner: LeitnerParameters = LeitnerParameters()
    ) {
        self.fsrs = fsrs
        self.badger = badger
        self.leitner = leitner
    }
}
