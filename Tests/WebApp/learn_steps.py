"""The browser scenario's resume steps (after the 10-card session): a free-practice session reloaded mid-way is
offered on Learn, resumes on the card it stopped at, and, reloaded again, can be ended from the offer; a
multiple-choice card answered by a tap; an admin editing the card on screen."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def progress(s):
    return s.driver.find_element(By.CSS_SELECTOR, ".progress-line").text


def resume_after_reload(s):
    d = s.driver
    # The summary is on #/learn already, where the nav link changes nothing: Topics, then Learn anew.
    d.find_element(By.CSS_SELECTOR, "#nav a[data-screen=topics]").send_keys(Keys.ENTER)
    s.until("the topics", lambda: d.current_url.endswith("#/topics"))
    # Topics drawn to the end (each topic's counts arrive last), so its rendering cannot land on top of Learn's.
    s.until("the topics' counts", lambda: any("due" in e.text for e in d.find_elements(By.CSS_SELECTOR, "li.topic .topic-counts")))
    d.find_element(By.CSS_SELECTOR, "#nav a[data-screen=learn]").send_keys(Keys.ENTER)
    start = s.find("form.learn-setup button[type=submit]")
    if d.find_elements(By.CSS_SELECTOR, "section.resume"):
        raise s.failure("Learn offers to resume although the last session ended")
    boxes = d.find_elements(By.CSS_SELECTOR, "input[name=topic]")
    if not any(box.is_selected() for box in boxes):
        boxes[0].send_keys(" ")
    free = d.find_element(By.ID, "free")
    if not free.is_selected():
        free.send_keys(" ")
    start.send_keys(Keys.ENTER)
    for index in range(2):
        s.find("article.flashcard[aria-label=Question]")
        s.until(f"card {index + 1}", lambda: f"Card {index + 1} of " in progress(s))
        s.keys(" ")
        s.find("article.flashcard[aria-label=Answer] .answer")
        s.keys("3")
    s.until("card 3", lambda: "Card 3 of " in progress(s))
    asked = s.find("article.flashcard[aria-label=Question]").get_attribute("data-card-id")
    total = progress(s).split(" of ")[1].strip()

    d.refresh()
    offer = s.find("section.resume")
    if "2 answered" not in offer.text or "free practice" not in offer.text:
        raise s.failure(f"the resume offer says {offer.text!r}")
    s.fits("learn resume offer")
    s.shot("learn-resume")
    offer.find_element(By.XPATH, ".//button[text()='Resume']").send_keys(Keys.ENTER)
    card = s.find("article.flashcard[aria-label=Question]")
    s.until("the card the reload left", lambda: f"Card 3 of {total}" in progress(s))
    if card.get_attribute("data-card-id") != asked:
        raise s.failure(f"resumed on card {card.get_attribute('data-card-id')}, the reload left card {asked}")
    s.keys(" ")
    s.find("article.flashcard[aria-label=Answer] .answer")
    s.keys("3")
    s.until("card 4 after the resume", lambda: "Card 4 of " in progress(s))
    s.ok(f"learn: reloaded at card 3 of {total}, resumed on the same card, answered it")

    d.refresh()
    offer = s.find("section.resume")
    if "3 answered" not in offer.text:
        raise s.failure(f"the second resume offer says {offer.text!r}")
    offer.find_element(By.XPATH, ".//button[text()='End it']").send_keys(Keys.ENTER)
    s.find("form.learn-setup button[type=submit]")
    s.until("the offer gone", lambda: not d.find_elements(By.CSS_SELECTOR, "section.resume"))
    s.ok("learn: an unfinished session can be ended from the offer")


def start_spaced(s, topic):
    """Learn: a spaced session on `topic` alone."""
    d = s.driver
    d.find_element(By.CSS_SELECTOR, "#nav a[data-screen=learn]").send_keys(Keys.ENTER)
    start = s.find("form.learn-setup button[type=submit]")
    for box in d.find_elements(By.CSS_SELECTOR, "input[name=topic]"):
        label = d.find_element(By.CSS_SELECTOR, f"label[for={box.get_attribute('id')}]").text
        if box.is_selected() != label.startswith(topic):
            box.send_keys(" ")
    start.send_keys(Keys.ENTER)


def mcq_by_pick(s, topic):
    """A spaced session on `topic` (its recorded replies hold a multiple-choice card among the first few): the mcq
    card's options are buttons; a tap grades it, the answer face marks the pick against the correct option and says
    how it was rated, and Enter goes on to the next card."""
    d = s.driver
    start_spaced(s, topic)
    for index in range(10):
        s.find("article.flashcard[aria-label=Question]")
        s.until(f"card {index + 1}", lambda: f"Card {index + 1} of " in progress(s))
        picks = d.find_elements(By.CSS_SELECTOR, "button.option-pick")
        if picks:
            break
        s.keys(" ")
        s.find("article.flashcard[aria-label=Answer] .answer")
        # Easy: passed at once (a card rated good would come back on its learning step, and not count as passed).
        s.keys("4")
    else:
        raise s.failure(f"no multiple-choice card among the first 10 of {topic}")
    position = index + 1
    options = [p.text for p in picks]
    s.fits("learn mcq")
    picks[0].click()
    graded = s.find("article.flashcard[data-graded]")
    right = graded.get_attribute("data-graded") == "right"
    correct = d.find_elements(By.CSS_SELECTOR, ".option-picks.graded li.correct")
    picked = d.find_elements(By.CSS_SELECTOR, ".option-picks.graded li.picked")
    verdict = d.find_element(By.CSS_SELECTOR, "p.verdict").text
    if len(correct) != 1 or len(picked) != (0 if right else 1):
        raise s.failure(f"the graded options mark {len(correct)} correct and {len(picked)} picked")
    if ("Rated Good" if right else "Rated Again") not in verdict.replace("rated", "Rated"):
        raise s.failure(f"the verdict says {verdict!r}")
    s.shot("learn-mcq")
    mcq = graded.get_attribute("data-card-id")
    s.keys(Keys.ENTER)
    # Rated good or again by the tap, the new mcq card stays on its learning step: still card `position`, another card.
    s.until("the card after the mcq card", lambda: f"Card {position} of " in progress(s)
            and d.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id") != mcq)
    s.ok(f"learn: a multiple-choice card ({len(options)} options) answered by a tap: {verdict!r}")


def edit_in_session(s, topic):
    """As an admin, in a spaced session on `topic`: E on the answer face opens the card's editor, a saved
    explanation shows on the same card's answer face at once; E again and Cancel goes back unchanged."""
    d = s.driver
    start_spaced(s, topic)
    s.find("article.flashcard[aria-label=Question]")
    card = d.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id")
    s.keys(" ")
    s.find("article.flashcard[aria-label=Answer] .answer")
    where = progress(s)
    s.keys("e")
    explanation = s.find("form.card-form #card-explanation")
    if d.find_element(By.ID, "card-form-heading").text.startswith("New card"):
        raise s.failure("E opened an empty form, not the card's editor")
    s.fits("learn edit")
    s.shot("learn-edit")
    note = f"Edited in the session ({s.size})"
    explanation.clear()
    explanation.send_keys(note)
    d.find_element(By.CSS_SELECTOR, "form.card-form button[type=submit]").send_keys(Keys.ENTER)
    s.find("article.flashcard[aria-label=Answer] .explanation")
    s.until("the edit on the answer face", lambda: note in d.find_element(
        By.CSS_SELECTOR, "article.flashcard[aria-label=Answer] .explanation").text)
    if d.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id") != card or progress(s) != where:
        raise s.failure(f"after the edit the session shows another card or place: {progress(s)!r}, was {where!r}")
    s.keys("e")
    s.find("form.card-form #card-explanation")
    cancel = next(b for b in d.find_elements(By.CSS_SELECTOR, "form.card-form button") if b.text == "Cancel")
    cancel.send_keys(Keys.ENTER)
    s.find("article.flashcard[aria-label=Answer] .answer")
    s.ok(f"learn: E edited card {card} from the session and the answer face showed it at once; Cancel went back")
