// The built-in copy of prompts/system.txt, prompts/batch.txt and prompts/review.txt.
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
        {"cards": [{"question": "...", "answer": "...", "explanation": "...", "type": "question", "image_query": ""}]}

        Rules for every card:
        - "type" is one of {{types}}.
        - "question" asks one clear thing and makes sense without the other cards.
        - "answer" is short: a word, a name, a date, a number or one sentence.
        - "explanation" adds one or two sentences of context that help the answer stick.
        - "image_query": where a picture helps, a short image search query in English (a few words, such as "red fox in snow"); otherwise "".
        {{#kind_definition}}
        - A "definition" card names a term in the question and defines it in the answer.
        {{/kind_definition}}
        {{#kind_truefalse}}
        - A "truefalse" card states a claim in the question; its answer is "True" or "False" and the explanation says why.
        {{/kind_truefalse}}
        {{#kind_fillblank}}
        - A "fillblank" card writes the missing part of a sentence as ____ in the question; its answer is the missing word or phrase.
        {{/kind_fillblank}}
        {{#kind_cloze}}
        - A "cloze" card writes one or two sentences in the question with each part to recall marked in Anki's cloze syntax, \{{c1::part}}, numbering the parts c1, c2, …: "\{{c1::Romulus}} founded Rome in \{{c2::753 BC}}."; its answer is the same text without the markup: "Romulus founded Rome in 753 BC."
        {{/kind_cloze}}
        {{#kind_mcq}}
        - An "mcq" card is a multiple-choice question: "options" lists 4 or 5 different short answers, the correct one and 3 or 4 plausible wrong ones, and "answer" is the correct option written exactly as in "options". Every other card has "options": [].
        {{/kind_mcq}}
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

    /// The text of `prompts/review.txt`.
    package static let builtInReview = #"""
        Review these {{count}} flashcards from a deck about "{{topic}}". Automatic checks flagged some of them; cards made from a source text must also be checked against that text.

        {{cards}}
        {{#section}}

        The cards were made from this source text: every question and answer must be stated in it or follow directly from it.
        {{section}}
        {{/section}}

        For each card decide one action:
        - "keep": it is a good flashcard as written (and the source text, when there is one, supports it).
        - "rewrite": it can be fixed. Give the new "question" and "answer", in the card's language: one clear fact, a short answer, understandable weeks later without the other cards or the source.
        - "drop": it cannot be fixed, or the source text does not support it.

        Reply with one JSON object of this shape, one entry per card, by its number:
        {"reviews": [{"index": 1, "action": "rewrite", "question": "...", "answer": "...", "reason": "..."}]}
        "question" and "answer" are empty strings unless the action is "rewrite"; "reason" says why in a few words.
        """#
}
