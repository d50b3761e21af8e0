"""Card pictures on the study faces (webapp/js/picture.js cardPicture, one function for the feed and Learn, online
and offline): the picture on a face must be an <img> that loaded (naturalWidth > 0), in the box reserved for it
before its bytes came (4:3 whatever the picture's own shape: these test pictures are one pixel square, so a box
sized by the picture would be square), no wider than the window, with an alt text, lazily loaded."""

MEASURE = """
const img = document.querySelector(arguments[0]);
if (!img) return null;
img.scrollIntoView({block: "nearest"});
const box = img.getBoundingClientRect();
return {natural: img.complete ? img.naturalWidth : 0, width: box.width, height: box.height, alt: img.alt,
        loading: img.loading, window: window.innerWidth, src: img.src.slice(0, 11)};
"""


def on(s, face, what):
    """Waits until the picture on `face` (a CSS selector: the card's article or face) has loaded and checks its box;
    returns its measures. A failure if it has none, never loads or sits in a box of the wrong shape."""
    selector = f"{face} img.study-picture"
    if not s.driver.find_elements("css selector", selector):
        raise s.failure(f"{what}: no picture on the card ({selector})")
    s.until(f"{what}: the picture loaded", lambda: (s.driver.execute_script(MEASURE, selector) or {}).get("natural", 0) > 0)
    shown = s.driver.execute_script(MEASURE, selector)
    if abs(shown["height"] - shown["width"] * 3 / 4) > 1 or shown["width"] > shown["window"] or shown["width"] < 100:
        raise s.failure(f"{what}: the picture's box is {shown['width']}x{shown['height']} in a {shown['window']}px window")
    if not shown["alt"] or shown["loading"] != "lazy" or shown["src"] != "data:image/":
        raise s.failure(f"{what}: the picture is {shown}")
    return shown


def describe(shown):
    return f"naturalWidth {shown['natural']}, box {round(shown['width'])}x{round(shown['height'])}"
