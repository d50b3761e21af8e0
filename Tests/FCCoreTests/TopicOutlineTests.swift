import FCCore
import Testing

struct TopicOutlineTests {
    private static func outline(_ names: [String], levels: [DepthLevel] = DepthLevel.allCases) -> TopicOutline {
        TopicOutline(
            subtopics: names.map { name in
                TopicOutline.Subtopic(
                    name: name, levels: levels.map { TopicOutline.Level(depth: $0, focus: "\(name) \($0)") })
            })
    }

    @Test func stepsGrowWiderAndDeeperTogether() {
        let steps = Self.outline(["A", "B", "C"]).steps
        let pairs = steps.map { "\($0.subtopic)-\($0.depth.rawValue.prefix(1))" }
        #expect(pairs == ["A-f", "B-f", "A-i", "C-f", "B-i", "A-a", "C-i", "B-a", "A-e", "C-a", "B-e", "C-e"])
        #expect(steps.map(\.index) == Array(1...12))
        #expect(steps.first?.focus == "A foundational")
    }

    @Test func everyPairIsOneStepExactlyOnce() {
        let steps = Self.outline(["A", "B", "C", "D", "E"]).steps
        #expect(steps.count == 20)
        #expect(Set(steps.map { "\($0.subtopic)\($0.depth)" }).count == 20)
    }

    @Test func aSubtopicWithoutTheShallowLevelsStartsAtItsDepth() {
        let outline = TopicOutline(subtopics: [
            .init(name: "Basics", levels: [.init(depth: .foundational), .init(depth: .intermediate)]),
            .init(name: "Research", levels: [.init(depth: .expert)]),
        ])
        #expect(outline.steps.map(\.subtopic) == ["Basics", "Basics", "Research"])
    }

    @Test func coverageMatchesBatchesByNameAndDepthIgnoringCase() {
        let outline = Self.outline(["Kings", "Republic"])
        let covered = outline.covered(by: [("kings", .foundational), ("Republic", .expert), ("Other", .foundational)])
        let steps = outline.steps
        #expect(
            covered
                == Set(
                    steps.filter {
                        ($0.subtopic, $0.depth) == ("Kings", .foundational)
                            || ($0.subtopic, $0.depth) == ("Republic", .expert)
                    }.map(\.index)))
    }
}
