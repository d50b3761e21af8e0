// The built-in copy of prompts/system.txt and prompts/batch.txt.
// PromptTemplateFileTests fails when the two drift apart: edit both, or regenerate this file from the folder.

extension PromptTemplates {
    /// The text of `prompts/system.txt`.
    package static let builtInSystem = #"""
        You write flashcards for spaced-repetition study. Every card tests one fact or idea, and its answer is correct, specific and short. You reply with JSON only: no prose before or after it and no markdown code fences.
        """#

    /// The text of `prompts/batch.txt`.
    package static let builtInBatch = #"""
        Write exactly {{count}} flashcards about "{{topic}}".

        This is batch {{batch_number}} for this topic. Focus on this angle: {{aspect}}.
        {{#focus}}
        Within it, ask about: {{focus}}.
        {{/focus}}
        Depth: {{depth}}. {{depth_guidance}}
        {{#language}}

        Write every card (question, answer and explanation) in {{language}}, whatever the language of the topic's name. Keep the JSON keys and the "type" values in English.
        {{/language}}
        {{#directions}}

        {{directions}}
        {{/directions}}

        Reply with one JSON object of this shape:
        {"cards": [{"question": "...", "answer": "...", "explanation": "...", "type": "question"}]}

        Rules for every card:
        - "type" is one of "question", "definition", "truefalse" or "fillblank".
        - "question" asks one clear thing and makes sense without the other cards.
        - "answer" is short: a word, a name, a date, a number or one sentence.
        - "explanation" adds one or two sentences of context that help the answer stick.
        - A "definition" card names a term in the question and defines it in the answer.
        - A "truefalse" card states a claim in the question; its answer is "True" or "False" and the explanation says why.
        - A "fillblank" card writes the missing part of a sentence as ____ in the question; its answer is the missing word or phrase.
        - Every question differs from the others: do not ask the same thing in other words.
        {{#covered}}

        Already covered by earlier batches; go beyond:
        {{covered}}
        {{/covered}}
        {{#avoid_list}}

        These are already in the deck; do not repeat or rephrase them:
        {{avoid_list}}
        {{/avoid_list}}
        """#
}
