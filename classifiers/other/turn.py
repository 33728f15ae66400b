"""POST /v1/classify/turn: a codex turn whose provider failure arrived as unattributed text.

codex-acp writes a turn's provider error as an agent_message_chunk (the message plus a blank
line) and then answers end_turn. Adapter-authored chunks (no messageId) are held until something
attributed follows; an end_turn right behind held blank-line-terminated chunks fails the turn.
"""

from __future__ import annotations

from typing import Any, Callable

from classifiers.other.vocabulary import vocabulary

BLANK_LINE = "\n\n"


def _update(params: Any) -> dict:
    """A session/update's params carry the update under `update`; accept either shape."""
    if isinstance(params, dict) and isinstance(params.get("update"), dict):
        return params["update"]
    return params if isinstance(params, dict) else {}


def _chunk_text(update: dict) -> str | None:
    """The text of an agent_message_chunk, or None for any other update."""
    if update.get("sessionUpdate") != "agent_message_chunk":
        return None
    content = update.get("content")
    if isinstance(content, dict) and content.get("type") == "text" and isinstance(content.get("text"), str):
        return content["text"]
    return None


def _is_slash_command(prompt: Any) -> bool:
    blocks = prompt if isinstance(prompt, list) else []
    return (len(blocks) == 1 and isinstance(blocks[0], dict) and blocks[0].get("type") == "text"
            and str(blocks[0].get("text", "")).lstrip().startswith("/"))


def _is_notice(text: str) -> bool:
    return any(text.startswith(notice) for notice in vocabulary()["turn"]["notices"])


def classify_turn(backend: str, prompt: Any, updates: list, stop_reason: Any, error: Any,
                  classify_frame: Callable[[dict], dict]) -> dict[str, Any]:
    text_indexes = [i for i, p in enumerate(updates) if _chunk_text(_update(p)) is not None]
    if backend not in vocabulary()["turn"]["failing_backends"]:
        verdict = classify_frame(error) if isinstance(error, dict) else None
        return {"failed": verdict is not None, "deliver": text_indexes, "verdict": verdict}
    slash = _is_slash_command(prompt)
    deliver: list[int] = []
    held: list[int] = []
    for index, params in enumerate(updates):
        update = _update(params)
        text = _chunk_text(update)
        adapter_authored = text is not None and not update.get("messageId")
        if adapter_authored and not slash and not _is_notice(text):
            held.append(index)
            continue
        deliver += held  # content, a permission request or attributed text releases what was held
        held = []
        if text is not None:
            deliver.append(index)
    if isinstance(error, dict):
        # An RPC error after held text is the same failure: reported once, by the error.
        return {"failed": True, "deliver": sorted(deliver), "verdict": classify_frame(error)}
    held_texts = [_chunk_text(_update(updates[i])) for i in held]
    if stop_reason == "end_turn" and held and all(t.endswith(BLANK_LINE) for t in held_texts):
        message = "\n".join(dict.fromkeys(t[: -len(BLANK_LINE)] for t in held_texts))
        frame = {"code": -32603, "message": "Internal error", "data": message}
        return {"failed": True, "deliver": sorted(deliver), "verdict": classify_frame(frame)}
    return {"failed": False, "deliver": sorted(deliver + held), "verdict": None}
