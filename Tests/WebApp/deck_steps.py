"""The browser scenario's deck-editor steps (game_steps.admin calls them, as the admin, on a generated deck):
a picture added to a card and shown, a card moved up, two cards deleted as a selection, and Me's statistics."""
import struct
import zlib

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select


def png(path):
    """A 2×2 red PNG, written by hand so the test needs no image library."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\xff\x00\x00" * 2 for _ in range(2))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    return path


def card_item(s, question):
    """The deck's list item whose question is `question`, reading further pages when it is not on the first."""
    d = s.driver
    while True:
        for item in d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card"):
            if item.find_element(By.CSS_SELECTOR, ".deck-question").text == question:
                return item
        more = [b for b in d.find_elements(By.XPATH, "//button[text()='More cards']")]
        if not more:
            raise s.failure(f"no card {question!r} in the deck")
        count = len(d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card"))
        more[0].send_keys(Keys.ENTER)
        s.until("the next page", lambda: len(d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card")) > count)


def quietly(condition):
    """`condition` for Scenario.until, false (try again) while the deck is being redrawn and the card not yet shown."""
    def attempt():
        try:
            return condition()
        except Exception:  # the list is being replaced; the wait tries again
            return False
    return attempt


def picture_move_and_selection(s, question, shots, other_topic):
    d = s.driver
    item = card_item(s, question)
    edit = item.find_element(By.XPATH, ".//button[text()='Edit']")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", edit)
    edit.send_keys(Keys.ENTER)
    s.until("the editor on the card", lambda: d.find_element(By.ID, "card-form-heading").text.startswith("Edit card"))
    image = png(shots / f"picture-{s.size}.png")
    d.find_element(By.ID, "card-image").send_keys(str(image.resolve()))
    d.find_element(By.CSS_SELECTOR, "form.card-form button[type=submit]").send_keys(Keys.ENTER)
    s.until("the picture in the deck", quietly(lambda: card_item(s, question).find_elements(
        By.CSS_SELECTOR, "img.card-picture[data-loaded=yes]")))
    image.unlink()
    shown = card_item(s, question).find_element(By.CSS_SELECTOR, "img.card-picture")
    if not shown.get_attribute("src").startswith("data:image/png;base64,") or question not in shown.get_attribute("alt"):
        raise s.failure(f"the card's picture is {shown.get_attribute('src')[:40]!r}, alt {shown.get_attribute('alt')!r}")
    s.ok("deck: a PNG picture added to a card in the editor and shown in the deck")

    item = card_item(s, question)
    position = int(item.get_attribute("data-position"))
    up = item.find_element(By.CSS_SELECTOR, "button.move-up")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", up)
    up.send_keys(Keys.ENTER)
    s.until("the card one place up", quietly(lambda: int(card_item(s, question).get_attribute("data-position")) == position - 1))
    focused = d.switch_to.active_element
    if "move-up" not in (focused.get_attribute("class") or ""):
        raise s.failure(f"after moving, the focus is on {focused.tag_name}.{focused.get_attribute('class')}")
    s.ok(f"deck: ↑ moved the card from #{position} to #{position - 1}, the focus stayed on its button")

    d.execute_script("window.scrollTo(0, 0)")
    items = d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card")
    total = int(d.execute_script("return document.querySelector('h1 .subtitle').textContent.match(/\\d+/)[0]"))
    chosen = [items[0].get_attribute("data-card-id"), items[1].get_attribute("data-card-id")]
    for item in items[:2]:
        item.find_element(By.CSS_SELECTOR, "input.select-card").send_keys(" ")
    button = d.find_element(By.CSS_SELECTOR, "button.delete-selected")
    if button.text != "Delete 2 selected":
        raise s.failure(f"the selection button says {button.text!r}")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    # The picture's "saved" toast stays fixed at the top of a phone's screen, over whatever is scrolled under it
    # (since the deck has its search and filters, the Download buttons): the layout is checked once it has gone.
    s.until("the editor's toast gone", lambda: not d.find_element(By.ID, "toast").is_displayed())
    s.fits("deck editor")
    s.shot("deck-editor")
    button.send_keys(Keys.ENTER)
    if button.text != "Confirm: delete 2 cards":
        raise s.failure(f"the first press says {button.text!r}, not a confirmation")
    button.send_keys(Keys.ENTER)
    def redrawn_without_them():
        items = d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card")
        return items and not any(e.get_attribute("data-card-id") in chosen for e in items)
    s.until("the two cards gone", quietly(redrawn_without_them))
    first = d.find_element(By.CSS_SELECTOR, "ol.deck li.deck-card")
    if first.get_attribute("data-position") != "1":
        raise s.failure(f"after deleting, the deck starts at #{first.get_attribute('data-position')}")
    subtitle = d.find_element(By.CSS_SELECTOR, "h1 .subtitle").text
    if f"{total - 2} cards" not in subtitle:
        raise s.failure(f"after deleting 2 of {total}, the heading says {subtitle!r}")
    s.ok(f"deck: 2 of {total} cards selected and deleted at once; the deck starts at #1 again")

    # The editor's Topic moves a card to another deck.
    item = d.find_element(By.CSS_SELECTOR, "ol.deck li.deck-card")
    moved = item.get_attribute("data-card-id")
    item.find_element(By.XPATH, ".//button[text()='Edit']").send_keys(Keys.ENTER)
    s.until("the editor on the card", lambda: d.find_element(By.ID, "card-form-heading").text.startswith("Edit card"))
    Select(d.find_element(By.ID, "card-topic")).select_by_visible_text(other_topic)
    d.find_element(By.CSS_SELECTOR, "form.card-form button[type=submit]").send_keys(Keys.ENTER)
    s.until("the moved card gone from this deck", quietly(lambda: d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card")
        and moved not in [e.get_attribute("data-card-id") for e in d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card")]
        and f"{total - 3} cards" in d.find_element(By.CSS_SELECTOR, "h1 .subtitle").text))
    s.ok(f"deck: the editor's Topic moved card {moved} to {other_topic!r}")


def statistics(s, reviews):
    """Me's statistics after studying: at least `reviews` reviews, a row per studied topic, recent sessions."""
    d = s.driver
    section = s.find("section.statistics")
    total = int(section.find_element(By.CSS_SELECTOR, "[data-stat=total-reviews] dd").text)
    rows = section.find_elements(By.CSS_SELECTOR, "table.stats-topics tbody tr")
    sessions = section.find_elements(By.CSS_SELECTOR, ".recent-sessions li")
    # Newest first: the free practice resumed after a reload (learn_steps), then the 10-card session (its answers
    # include the cards that came back on their learning steps).
    texts = [e.text for e in sessions]
    if (total < reviews or not rows or len(texts) < 2 or not texts[0].startswith("Free practice")
            or "3 answered" not in texts[0] or f"{s.spaced_answers} answered" not in texts[1]):
        raise s.failure(f"statistics: {total} reviews, {len(rows)} topics, sessions {[e.text for e in sessions]}")
    d.execute_script("arguments[0].scrollIntoView({block: 'start'})", section)
    s.fits("me statistics")
    s.shot("me-statistics")
    s.ok(f"me: statistics show {total} reviews, {len(rows)} topic(s), last session {sessions[0].text!r}")


def bookmark_in_feed(s):
    """← on the feed's current card bookmarks it and moves on; returns the card's id."""
    d = s.driver
    card = d.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id")
    s.keys(Keys.ARROW_LEFT)
    s.until("the bookmark toast", lambda: d.find_element(By.ID, "toast").text == "Bookmarked")
    s.until("the card after the bookmarked one", lambda: d.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id") != card)
    s.ok(f"feed: ← bookmarked card {card} and moved on")
    return card


def bookmarks_on_me(s, card):
    """Me lists the bookmarked card; Remove takes it off the list and the count."""
    d = s.driver
    section = s.find("section.bookmarks")
    rows = section.find_elements(By.CSS_SELECTOR, ".bookmark-list li")
    if [row.get_attribute("data-card-id") for row in rows] != [card]:
        raise s.failure(f"Me's bookmarks list {[row.get_attribute('data-card-id') for row in rows]}, not [{card}]")
    d.execute_script("arguments[0].scrollIntoView({block: 'start'})", section)
    s.fits("me bookmarks")
    s.shot("me-bookmarks")
    rows[0].find_element(By.XPATH, ".//button[text()='Remove']").send_keys(Keys.ENTER)
    s.until("the bookmark removed", lambda: d.find_element(By.CSS_SELECTOR, ".bookmarks-count").get_attribute("data-total") == "0")
    s.find("section.bookmarks p.empty")
    s.ok(f"me: bookmarks list card {card}; Remove left none")


def cloze_and_mcq_cards(s):
    """The editor's kinds: a cloze card (its answer previewed from the deletions) and a multiple-choice card (an
    option added and removed again, the correct one marked), both then in the deck."""
    d = s.driver
    Select(d.find_element(By.ID, "card-kind")).select_by_value("cloze")
    if d.find_element(By.ID, "card-answer").is_displayed():
        raise s.failure("the answer input is shown for a cloze card, whose answer is derived")
    d.find_element(By.ID, "card-question").send_keys("{{c1::Romulus}} founded {{c2::Rome::a city}}")
    preview = d.find_element(By.CSS_SELECTOR, "#card-cloze-hint .cloze-preview").text
    if preview != "Romulus founded Rome":
        raise s.failure(f"the cloze preview says {preview!r}")
    d.find_element(By.CSS_SELECTOR, "form.card-form button[type=submit]").send_keys(Keys.ENTER)
    # The deck lists the text with its deletions marked (faces.js listedText), each followed by its number.
    listed_text = "Romulusc1 founded Romec2"
    s.until("the cloze card in the deck", quietly(lambda: card_item(s, listed_text)
        .find_element(By.CSS_SELECTOR, ".deck-answer").text == "Romulus founded Rome"))
    s.ok("deck: a cloze card added in the editor, its answer previewed and stored as the text with the deletions shown")

    def siblings():
        items = [i for i in d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card")
                 if i.find_element(By.CSS_SELECTOR, ".deck-question").text == listed_text]
        hints = [i.find_elements(By.CSS_SELECTOR, "p.hint")[-1].text for i in items]
        return len(hints) == 2 and "asks c1" in hints[0] and "asks c2 (sibling of card" in hints[1]
    s.until("the cloze card's c2 sibling in the deck", quietly(siblings))
    s.ok("deck: the cloze card's second deletion is a card of its own, marked as the first one's sibling")

    question = "Which city did Romulus found?"
    Select(d.find_element(By.ID, "card-kind")).select_by_value("mcq")
    rows = lambda: d.find_elements(By.CSS_SELECTOR, "form.card-form li.mcq-option")
    if len(rows()) != 4:
        raise s.failure(f"a new multiple-choice card offers {len(rows())} option inputs, not 4")
    d.find_element(By.ID, "card-add-option").send_keys(Keys.ENTER)
    s.until("a fifth option", lambda: len(rows()) == 5)
    rows()[4].find_element(By.CSS_SELECTOR, "button.remove-option").send_keys(Keys.ENTER)
    s.until("back to 4 options", lambda: len(rows()) == 4)
    d.find_element(By.ID, "card-question").send_keys(question)
    for row, text in zip(rows(), ["Alba Longa", "Rome", "Veii", "Ostia"]):
        row.find_element(By.CSS_SELECTOR, "input.option-text").send_keys(text)
    rows()[1].find_element(By.CSS_SELECTOR, "input.option-correct").send_keys(" ")
    d.find_element(By.CSS_SELECTOR, "form.card-form button[type=submit]").send_keys(Keys.ENTER)

    def shown():
        item = card_item(s, question)
        options = [e.text for e in item.find_elements(By.CSS_SELECTOR, "ol.deck-options li")]
        correct = [e.text for e in item.find_elements(By.CSS_SELECTOR, "ol.deck-options li.correct")]
        return options == ["Alba Longa", "Rome ✓", "Veii", "Ostia"] and correct == ["Rome ✓"] \
            and item.find_element(By.CSS_SELECTOR, ".deck-answer").text == "Rome"
    s.until("the multiple-choice card in the deck with its options", quietly(shown))
    s.ok("deck: a multiple-choice card added in the editor (an option added and removed), its options in the deck")


def open_deck(s, name):
    """Opens deck `name` from the Decks picker; returns its topic id."""
    d = s.driver
    d.get(f"{s.base}/#/decks")
    s.find("ul.picker")
    link = next((a for a in d.find_elements(By.CSS_SELECTOR, "ul.picker a[href^='#/decks/']")
                 if a.text.startswith(name)), None)
    if link is None:
        raise s.failure(f"the Decks picker has no {name!r}")
    topic_id = link.get_attribute("href").split("#/decks/")[1]
    link.send_keys(Keys.ENTER)
    s.until(f"the deck of {name}", lambda: s.heading().startswith(name) and d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card"))
    return topic_id


def listed(s):
    """The deck's listed cards' visible text, one string per card (read again if the list is being redrawn)."""
    return [e.text for e in s.driver.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card")]


def filtered_to(s, what, fragment):
    """Waits until the URL carries `fragment` and the redrawn list (or its empty message) shows."""
    d = s.driver
    s.until(what, quietly(lambda: fragment in d.current_url and (
        d.find_elements(By.CSS_SELECTOR, "ol.deck li.deck-card") or d.find_elements(By.CSS_SELECTOR, ".empty"))))


def show_filters(s):
    """Scrolls the deck's search and filters to the top of the window, with the first cards under them, once no
    toast is left over from the step before (a toast is fixed at the top of a phone's screen)."""
    d = s.driver
    s.until("the last step's toast gone", lambda: not d.find_element(By.ID, "toast").is_displayed())
    d.execute_script("document.querySelector('.deck-filters').scrollIntoView({block: 'start'})")


def search_and_filter(s, katex):
    """The deck's search box and filters (issue 26 point 4): a search for maths, kept over a reload through the
    URL; a kind filter; an empty result with its message and a Clear button; maths typeset and cloze deletions marked
    in the list, never their markup (`\\(`, `{{c`). Screenshots deck-search and deck-cloze."""
    d = s.driver
    topic_id = open_deck(s, "Algebra")
    box = d.find_element(By.ID, "deck-search")
    controls = [box] + d.find_elements(By.CSS_SELECTOR, ".deck-filters select, .deck-filters button")
    small = [f"{c.get_attribute('id') or c.text} {c.size['width']}x{c.size['height']}" for c in controls
             if c.size["height"] < 44 or c.size["width"] < 44]
    if small:
        raise s.failure(f"deck filter targets under 44 px: {small}")
    box.send_keys("a^m", Keys.ENTER)
    filtered_to(s, "the search for a^m", f"#/decks/{topic_id}?q=a%5Em")
    texts = listed(s)
    if not texts or not all("a" in t for t in texts):
        raise s.failure(f"searching a^m listed {texts!r}")
    if katex:
        s.until("the deck's formulas typeset", lambda: d.find_elements(By.CSS_SELECTOR, "ol.deck .tex.typeset .katex"))
        raw = [t for t in listed(s) if "\\(" in t or "$" in t]
        if raw:
            raise s.failure(f"the deck shows raw LaTeX: {raw[:2]!r}")
    show_filters(s)
    s.fits("deck search")
    s.shot("deck-search")
    count = len(texts)
    s.ok(f"deck: searching 'a^m' listed {count} maths cards, typeset, the URL keeps ?q=")

    d.refresh()
    s.until("the search kept over a reload", quietly(lambda: d.find_element(By.ID, "deck-search").get_attribute("value") == "a^m"
                                                     and len(listed(s)) == count))
    box = d.find_element(By.ID, "deck-search")
    box.clear()
    box.send_keys(Keys.ENTER)
    s.until("the search cleared", quietly(lambda: d.current_url.endswith(f"#/decks/{topic_id}") and len(listed(s)) > count))
    Select(d.find_element(By.ID, "deck-filter-kind")).select_by_value("truefalse")
    filtered_to(s, "the kind filter", f"#/decks/{topic_id}?kind=truefalse")
    s.until("only true/false cards", quietly(lambda: listed(s) and all(" · truefalse" in t for t in listed(s))))
    box = d.find_element(By.ID, "deck-search")
    box.send_keys("no such words anywhere", Keys.ENTER)
    filtered_to(s, "the search for nothing", "?q=no+such+words+anywhere&kind=truefalse")
    message = s.find("p.empty")
    if "No cards match" not in message.text or listed(s):
        raise s.failure(f"an empty search says {message.text!r} and lists {listed(s)!r}")
    message.find_element(By.XPATH, ".//button[text()='Clear the filters']").send_keys(Keys.ENTER)
    s.until("the whole deck again", quietly(lambda: d.current_url.endswith(f"#/decks/{topic_id}") and len(listed(s)) > count))
    s.ok(f"deck: after a reload the search was still there; kind=truefalse filtered; an empty result said so and cleared")

    solar = open_deck(s, "Solar system")
    Select(d.find_element(By.ID, "deck-filter-kind")).select_by_value("cloze")
    filtered_to(s, "the cloze filter", f"#/decks/{solar}?kind=cloze")
    s.until("cloze cards listed", quietly(lambda: listed(s) and all(" · cloze" in t for t in listed(s))))
    marks = d.find_elements(By.CSS_SELECTOR, "ol.deck .deck-question mark.cloze")
    asked = d.find_elements(By.CSS_SELECTOR, "ol.deck .deck-question mark.cloze.asked")
    markup = [t for t in listed(s) if "{{c" in t or "::" in t]
    if markup or not marks or not asked:
        raise s.failure(f"the cloze cards show markup {markup[:2]!r}, {len(marks)} marked deletions, {len(asked)} asked")
    show_filters(s)
    s.fits("deck cloze")
    s.shot("deck-cloze")
    s.ok(f"deck: kind=cloze listed {len(listed(s))} cloze cards, {len(marks)} deletions marked, no {{{{c markup")
