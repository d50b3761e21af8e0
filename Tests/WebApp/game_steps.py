"""The browser scenario's steps for Me's game sections, the quiz, generation with live progress and the deck
editor (browser_scenario.py calls them with its Scenario: `find`, `until`, `shot`, `ok`, `fits`, `keys`)."""
import re

import deck_steps
import learn_steps

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

BAD_CSV = "question;answer;explanation;reversed;kind\nWhat erupts?;Magma;;no;question\nBroken row;;;maybe;question\n"


def nav(s, screen):
    s.driver.find_element(By.CSS_SELECTOR, f"#nav a[data-screen={screen}]").send_keys(Keys.ENTER)


def today(s):
    """Me's figures that studying changes: today's reviews in the calendar and the unopened boxes."""
    nav(s, "me")
    cell = s.find(".heatmap .day:last-child")
    boxes = s.find(".boxes-count")
    return {"reviews": int(cell.get_attribute("data-reviews")), "boxes": int(boxes.get_attribute("data-unopened"))}


def me_after_study(s, before, learner_reviews):
    """Me after the feed and a 10-card session: the calendar's today, a box opened with its reveal, challenges,
    achievements and the leaderboard with the learner's row marked."""
    d = s.driver
    after = today(s)
    if after["reviews"] < before["reviews"] + learner_reviews:
        raise s.failure(f"the calendar says {after['reviews']} reviews today, before {before['reviews']}, "
                        f"{learner_reviews} since")
    cell = d.find_element(By.CSS_SELECTOR, ".heatmap .day:last-child")
    if cell.get_attribute("data-level") == "0":
        raise s.failure("today is not shaded in the calendar after studying")
    label = d.find_element(By.CSS_SELECTOR, ".heatmap").get_attribute("aria-label")
    if not re.search(r"\d+ reviews on \d+ days?", label):
        raise s.failure(f"the calendar's label says {label!r}")
    s.ok(f"calendar: today went from {before['reviews']} to {after['reviews']} reviews")

    if after["boxes"] < 3:
        raise s.failure(f"a finished session earned {after['boxes']} boxes, not 3-5")
    xp_before = int(s.find("[data-stat=total-xp] dd").text)
    box = s.find("button.box")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.send_keys(Keys.ENTER)
    reveal = s.find(".reveal")
    match = re.search(r"\+(\d+) XP", reveal.text)
    if not match:
        raise s.failure(f"the box reveal says {reveal.text!r}")
    s.until("the unopened count to drop", lambda: int(d.find_element(By.CSS_SELECTOR, ".boxes-count").get_attribute("data-unopened")) == after["boxes"] - 1)
    s.until("Total XP to include the box", lambda: int(d.find_element(By.CSS_SELECTOR, "[data-stat=total-xp] dd").text) == xp_before + int(match.group(1)))
    s.shot("me-box")
    s.ok(f"boxes: {after['boxes']} earned, one opened: {reveal.text}")
    d.find_element(By.CSS_SELECTOR, "button.open-all").send_keys(Keys.ENTER)
    s.until("every box opened", lambda: d.find_element(By.CSS_SELECTOR, ".boxes-count").get_attribute("data-unopened") == "0")
    s.ok("boxes: open all left none unopened")

    challenges = d.find_elements(By.CSS_SELECTOR, ".challenge [role=progressbar]")
    if len(challenges) != 3:
        raise s.failure(f"{len(challenges)} challenge progress bars, not 3")
    achievements = d.find_elements(By.CSS_SELECTOR, ".achievement")
    unlocked = d.find_elements(By.CSS_SELECTOR, ".achievement.unlocked")
    locked_bars = d.find_elements(By.CSS_SELECTOR, ".achievement.locked [role=progressbar]")
    if not achievements or len(locked_bars) != len(achievements) - len(unlocked):
        raise s.failure(f"achievements: {len(achievements)}, unlocked {len(unlocked)}, progress bars {len(locked_bars)}")
    mine = d.find_elements(By.CSS_SELECTOR, ".leaderboard tr[aria-current=true]")
    if len(mine) != 1 or "(you)" not in mine[0].text:
        raise s.failure(f"the leaderboard marks {len(mine)} rows as the learner")
    s.fits("me")
    for section, name in (("calendar", "me-calendar"), ("achievements", "me-achievements"), ("leaderboard", "me-leaderboard")):
        d.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", f"section.{section}")
        s.shot(name)
    s.ok(f"me: 3 challenges, {len(unlocked)} of {len(achievements)} achievements, leaderboard row {mine[0].text!r}")
    deck_steps.statistics(s, learner_reviews)


def quiz(s, topic):
    """A quiz of `topic`: one wrong typed answer, one wrong answer claimed right ("I was right"), one empty one, then
    ended early; the evaluation lists each where it belongs."""
    d = s.driver
    nav(s, "quiz")
    start = s.find("form.quiz-setup button[type=submit]")
    label = d.find_element(By.XPATH, f"//form[contains(@class, 'quiz-setup')]//label[text()='{topic}']")
    box = d.find_element(By.ID, label.get_attribute("for"))
    if not box.is_selected():
        box.send_keys(" ")
    start.send_keys(Keys.ENTER)
    s.find("#quiz-answer").send_keys("certainly not this", Keys.ENTER)
    s.find(".verdict-wrong")
    s.shot("quiz-verdict")
    s.keys(Keys.ENTER)
    # A wrong verdict offers "I was right": a full-size target that counts the answer right on the learner's word.
    s.find("#quiz-answer").send_keys("my own words for it", Keys.ENTER)
    s.find(".verdict-wrong")
    claim = s.find('button[data-action="i-was-right"]')
    size = claim.rect
    if size["height"] < 44 or size["width"] < 44:
        raise s.failure(f"the I was right button is {round(size['width'])}x{round(size['height'])} px")
    claim.click()
    s.find(".verdict-overridden")
    if d.find_elements(By.CSS_SELECTOR, 'button[data-action="i-was-right"]'):
        raise s.failure("I was right is still offered after the answer was counted right")
    s.ok(f"quiz: I was right ({round(size['width'])}x{round(size['height'])} px) counted the wrong answer right")
    s.keys(Keys.ENTER)
    s.find("#quiz-answer").send_keys(Keys.ENTER)
    s.find(".verdict-empty")
    s.keys(Keys.ENTER)
    s.find("#quiz-answer")
    d.find_element(By.XPATH, "//button[text()='End quiz']").send_keys(Keys.ENTER)
    s.find(".evaluation")
    wrong = d.find_elements(By.CSS_SELECTOR, ".wrong-list li")
    claimed = d.find_elements(By.CSS_SELECTOR, ".overridden-list li")
    correct = d.find_element(By.CSS_SELECTOR, "[data-stat=correct] dd").text
    unanswered = d.find_element(By.CSS_SELECTOR, "[data-stat=unanswered] dd").text
    if len(wrong) != 1 or "certainly not this" not in wrong[0].text or unanswered != "8":
        raise s.failure(f"the evaluation lists {len(wrong)} wrong, {unanswered} unanswered")
    if len(claimed) != 1 or "my own words for it" not in claimed[0].text or not correct.startswith("1 /"):
        raise s.failure(f"the evaluation lists {len(claimed)} right on your word, {correct} correct")
    s.fits("quiz evaluation")
    s.shot("quiz-evaluation")
    s.ok("quiz: typed answers; the evaluation lists 1 wrong, 1 right on your word and 8 unanswered")


def admin(s, secret, topic, shots):
    """As an admin: create a topic, generate 2 batches and watch them arrive, add a card, import a bad CSV."""
    d = s.driver
    field = s.find("input#token")
    field.clear()
    field.send_keys(secret, Keys.ENTER)
    name = s.find("#new-topic")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", name)
    name.send_keys(topic, Keys.ENTER)
    count = s.find("section.generate #batches")
    if d.switch_to.active_element != count:
        raise s.failure("the generate panel does not have the focus after creating a topic")
    count.clear()
    count.send_keys("2", Keys.ENTER)
    # The offline server has no recorded replies for this topic: it says which topics it knows and offers to
    # store templated fallback cards anyway; nothing is generated until asked.
    s.until("the offline refusal", lambda: "Roman history" in d.find_element(By.CSS_SELECTOR, "section.generate").text)
    if d.find_elements(By.CSS_SELECTOR, "section.generate li.batch"):
        raise s.failure("batches arrived although the server refused the topic")
    s.find('section.generate button[data-action="store-fallback"]').click()
    s.until("2 batches", lambda: len(d.find_elements(By.CSS_SELECTOR, "section.generate li.batch")) == 2)
    s.until("the generation done", lambda: d.find_element(By.CSS_SELECTOR, "section.generate").get_attribute("data-state") == "done")
    rows = d.find_elements(By.CSS_SELECTOR, "section.generate li.batch")
    cards = d.find_elements(By.CSS_SELECTOR, "section.generate .batch-cards li")
    status = d.find_element(By.CSS_SELECTOR, ".generation-status").text
    if not cards or not status.startswith("Done: 2 batches") or "kept" not in rows[0].text:
        raise s.failure(f"generation shows {len(rows)} batches, {len(cards)} cards, {status!r}")
    s.fits("generation")
    s.shot("generate")
    s.ok(f"generation: created {topic!r}, 2 batches arrived with {len(cards)} cards; {status}")

    topic_id = d.find_element(By.CSS_SELECTOR, "section.generate").get_attribute("data-topic-id")
    d.get(f"{s.base}/#/decks/{topic_id}")
    s.find("ol.deck li.deck-card")
    before = len(d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card"))
    s.find("#card-question").send_keys("What is a caldera?")
    d.find_element(By.ID, "card-answer").send_keys("A collapsed volcano's crater")
    d.find_element(By.ID, "card-reverse").send_keys(" ")
    d.find_element(By.CSS_SELECTOR, "form.card-form button[type=submit]").send_keys(Keys.ENTER)
    s.until("the card and its twin in the deck", lambda: len(d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card")) == before + 2)
    s.ok("deck: a card with its reversed twin added")
    deck_steps.cloze_and_mcq_cards(s)

    bad = shots / f"bad-{s.size}.csv"
    bad.write_text(BAD_CSV, encoding="utf-8")
    d.find_element(By.ID, "import-file").send_keys(str(bad.resolve()))
    d.find_element(By.CSS_SELECTOR, "form.import button[type=submit]").send_keys(Keys.ENTER)
    error = s.find(".import-errors li")
    if not re.search(rf"bad-{s.size}\.csv:3:\d+", error.text):
        raise s.failure(f"the import error says {error.text!r}")
    bad.unlink()
    d.execute_script("document.querySelector('form.import').scrollIntoView({block: 'start'})")
    s.fits("deck")
    s.shot("deck-import-error")
    s.ok(f"deck: a bad CSV row is refused as {error.text!r}")

    # A comma-separated file: the preview says how it was read and shows its first rows; nothing is stored until
    # "Import" is pressed.
    sheet = shots / f"sheet-{s.size}.csv"
    sheet.write_text('question,answer\nWhat is tephra?,"Rock fragments, ejected"\nWhat is a fumarole?,A steam vent\n', encoding="utf-8")
    cards_before = len(d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card"))
    d.find_element(By.ID, "import-file").send_keys(str(sheet.resolve()))
    d.find_element(By.CSS_SELECTOR, "form.import button[type=submit]").send_keys(Keys.ENTER)
    preview = s.find(".import-preview")
    if preview.get_attribute("data-separator") != "comma" or "Rock fragments, ejected" not in preview.text:
        raise s.failure(f"the import preview shows {preview.text!r}")
    if len(d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card")) != cards_before:
        raise s.failure("the preview stored cards")
    s.find('button[data-action="import-confirm"]').send_keys(Keys.ENTER)
    s.until("the imported cards in the deck", lambda: len(d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card")) == cards_before + 2)
    sheet.unlink()
    s.ok("deck: a comma-separated CSV previewed as such, then imported")
    deck_steps.picture_move_and_selection(s, "What is a caldera?", shots, "Algebra")
    learn_steps.edit_in_session(s, "Roman history")
    d.find_element(By.ID, "sign-out").send_keys(Keys.ENTER)
    s.find("input#token")
