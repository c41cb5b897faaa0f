/*
 * ttt-mirror.js - the screen-reader mirror: a copy in the page's DOM of what
 * the game draws on its canvas, for screen readers and the keyboard (the
 * canvas itself is hidden from them). The game (platform_web.c) hands it a
 * model after every pass that changed what shows, every text already
 * translated by the game's catalogues, and what to announce:
 *
 *   - the status line and the rule under it;
 *   - the board as an ARIA grid of buttons ("row 2, column 3, X"), one tab
 *     stop, the arrow keys move between the squares (the focus ring shows
 *     on the canvas), Enter or Space plays (the WAI-ARIA grid pattern);
 *   - the scores, and the buttons under or beside the board;
 *   - the game menu, the settings, the help, the statistics and the online
 *     lobby as modal dialogs of real buttons (a choice is a button with
 *     aria-pressed, the mistakes slider a role="slider", the lobby's room
 *     code a text field); Esc closes them;
 *   - one polite live region (#m-live) that says every move, the status,
 *     hints and refused clicks.
 *
 * Every control lies over the place the canvas draws it (transparent, so a
 * finger exploring the screen finds it where it is seen, and the keyboard's
 * focus ring shows on the drawing); pointer events go through to the
 * canvas. A press goes back to the game as the click (or Esc) the game
 * would get from a mouse (ttt_web_mirror_press), so it takes the game's own
 * input path. Keys the mirror does not use (N, U, H, M, F1 ...) go on to
 * the game as usual. docs/web.md explains.
 */
(function () {
  'use strict';

  /* platform_web.h's ttt_web_press. */
  var PRESS = { SQUARE: 0, BUTTON: 1, MENU_ROW: 2, OPTION: 3, SLIDER: 4, DONE: 5, STATS_TAB: 6,
    BACK: 7, ONLINE_ROW: 8 };
  /* screen_online.h's ONLINE_JOIN: the lobby's entry that joins the room
   * whose code the field holds. */
  var ONLINE_JOIN = 1;
  /* The keys the mirror acts on itself (or leaves to the browser: Tab);
   * the game never sees them while the focus is in the mirror. */
  var OWN_KEYS = ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home',
    'End', 'PageUp', 'PageDown'];
  var SLIDER_STEP = 5;
  var LOG_MAX = 400;

  var root, game, statusEl, ruleEl, grid, keysEl, scores, buttons, dialog, live;
  var model = null;
  var cursor = { row: 0, col: 0 };
  var gridSize = 0;
  var lastKey = null;      /* data-key of the mirror's element that had the focus last */
  var returnKey = null;    /* where the focus goes back to when a dialog closes */
  var focusInMirror = false;
  var dialogSignature = '';
  var log = [];

  function press(kind, a, b) {
    var M = window.Module;
    if (M && M._ttt_web_mirror_press) M._ttt_web_mirror_press(kind, a | 0, b | 0);
  }

  function make(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* Lay node over rect r (CSS px), or hide it visually when r is empty. */
  function place(node, r) {
    if (r && r.w > 0 && r.h > 0) {
      node.classList.add('m-at');
      node.classList.remove('m-sr');
      node.style.left = r.x + 'px';
      node.style.top = r.y + 'px';
      node.style.width = r.w + 'px';
      node.style.height = r.h + 'px';
    } else {
      node.classList.add('m-sr');
      node.classList.remove('m-at');
      node.style.left = node.style.top = node.style.width = node.style.height = '';
    }
  }

  function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
  }

  function setAttr(node, name, value) {
    if (value === null) {
      if (node.hasAttribute(name)) node.removeAttribute(name);
    } else if (node.getAttribute(name) !== String(value)) {
      node.setAttribute(name, value);
    }
  }

  function build() {
    root = document.getElementById('mirror');
    live = document.getElementById('m-live');
    game = make('div', { id: 'm-game' });
    statusEl = make('p', { id: 'm-status' });
    ruleEl = make('p', { id: 'm-rule', 'class': 'm-sr' });
    grid = make('div', { id: 'm-grid', role: 'grid', 'aria-describedby': 'm-keys' });
    keysEl = make('p', { id: 'm-keys', 'class': 'm-sr' });
    scores = make('ul', { id: 'm-scores' });
    buttons = make('div', { id: 'm-buttons' });
    game.appendChild(statusEl);
    game.appendChild(ruleEl);
    game.appendChild(grid);
    game.appendChild(keysEl);
    game.appendChild(scores);
    game.appendChild(buttons);
    dialog = make('div', { id: 'm-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'm-dialog-title' });
    dialog.hidden = true;
    root.appendChild(game);
    root.appendChild(dialog);
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('keyup', onKeyOther);
    root.addEventListener('keypress', onKeyOther);
    root.addEventListener('click', onClick);
    root.addEventListener('pointerdown', onPointerDown);
    /* A click or tap outside the mirror (on the canvas) is the pointer's:
     * the focus no longer belongs in the mirror. */
    document.addEventListener('pointerdown', function (e) {
      if (!root.contains(e.target)) focusInMirror = false;
    }, true);
    document.addEventListener('focusin', function (e) {
      focusInMirror = root.contains(e.target);
      if (focusInMirror && e.target.dataset && e.target.dataset.key) lastKey = e.target.dataset.key;
    });
  }

  /* -- the game screen ----------------------------------------------------- */

  function cellKey(r, c) { return 'cell-' + r + '-' + c; }

  function renderBoard(b) {
    if (b.size !== gridSize) {
      grid.textContent = '';
      for (var r = 0; r < b.size; r++) {
        var row = make('div', { role: 'row' });
        for (var c = 0; c < b.size; c++) {
          var cell = make('div', { role: 'gridcell' });
          var btn = make('button', { type: 'button', tabindex: '-1', 'data-key': cellKey(r, c),
            'data-press': PRESS.SQUARE, 'data-a': r, 'data-b': c });
          cell.appendChild(btn);
          row.appendChild(cell);
        }
        grid.appendChild(row);
      }
      gridSize = b.size;
      cursor.row = Math.min(Math.max(b.cursor[0], 0), b.size - 1);
      cursor.col = Math.min(Math.max(b.cursor[1], 0), b.size - 1);
    }
    setAttr(grid, 'aria-label', b.label);
    setText(keysEl, b.keys);
    var cellW = b.rect.w / b.size, cellH = b.rect.h / b.size;
    for (var i = 0; i < b.cells.length; i++) {
      var rr = Math.floor(i / b.size), cc = i % b.size;
      var btn2 = grid.children[rr].children[cc].firstChild;
      setText(btn2, b.cells[i].name);
      setAttr(btn2, 'aria-disabled', b.cells[i].playable ? null : 'true');
      setAttr(btn2, 'tabindex', rr === cursor.row && cc === cursor.col ? '0' : '-1');
      place(btn2, { x: b.rect.x + cc * cellW, y: b.rect.y + rr * cellH, w: cellW, h: cellH });
    }
  }

  function renderGame(m) {
    setText(statusEl, m.status);
    place(statusEl, m.statusRect);
    setText(ruleEl, m.rule);
    renderBoard(m.board);
    setAttr(scores, 'aria-label', m.scores.label);
    place(scores, m.scores.rect);
    while (scores.children.length < m.scores.items.length) scores.appendChild(make('li'));
    for (var i = 0; i < m.scores.items.length; i++) setText(scores.children[i], m.scores.items[i]);
    while (buttons.children.length < m.buttons.length) {
      var n = buttons.children.length;
      buttons.appendChild(make('button', { type: 'button', 'data-key': 'btn-' + n,
        'data-press': PRESS.BUTTON, 'data-a': n }));
    }
    for (var j = 0; j < m.buttons.length; j++) {
      var b = buttons.children[j];
      setText(b, m.buttons[j].label);
      b.disabled = !m.buttons[j].enabled;
      place(b, m.buttons[j].rect);
    }
  }

  /* -- the panels ------------------------------------------------------------ */

  function button(label, key, kind, a, b, rect) {
    var e = make('button', { type: 'button', 'data-key': key, 'data-press': kind, 'data-a': a || 0,
      'data-b': b || 0 }, label);
    place(e, rect);
    return e;
  }

  function panelSignature(m) {
    /* The lobby is built once and then updated in place: its text field
     * keeps the focus and the caret while a code is typed. */
    if (m.panel === 'online') return 'online';
    return m.panel + ':' + JSON.stringify(m.menu || m.settings || m.help || m.stats || null);
  }

  function typeCode(text) {
    var M = window.Module;
    if (M && M.ccall) M.ccall('ttt_web_mirror_type', null, ['string'], [text]);
  }

  /* The online lobby: the entries, the room code's field among them (where
   * the canvas shows the code), the room's lines, how the game stands. */
  function buildOnline(o) {
    var field = make('input', { id: 'm-code', type: 'text', 'data-key': 'code', autocomplete: 'off',
      autocapitalize: 'characters', spellcheck: 'false', enterkeyhint: 'go' });
    field.addEventListener('input', function () { typeCode(field.value); });
    for (var i = 0; i < o.rows.length; i++) {
      if (i === ONLINE_JOIN) {
        dialog.appendChild(make('label', { 'for': 'm-code', id: 'm-code-label', 'class': 'm-sr' }));
        dialog.appendChild(field);
      }
      dialog.appendChild(button('', 'online-' + i, PRESS.ONLINE_ROW, i, 0, null));
    }
    dialog.appendChild(make('p', { id: 'm-online-info', 'class': 'm-sr' }));
    dialog.appendChild(make('p', { id: 'm-online-error', 'class': 'm-sr', role: 'alert' }));
    dialog.appendChild(make('p', { id: 'm-online-note', 'class': 'm-sr' }));
    dialog.appendChild(button(o.close, 'close', PRESS.BACK, 0, 0, null));
  }

  function updateOnline(o) {
    setText(dialog.querySelector('#m-dialog-title'), o.title);
    setText(dialog.querySelector('#m-code-label'), o.codeLabel);
    var field = dialog.querySelector('#m-code');
    /* The game's code shows in the field unless a person is typing in it. */
    if (document.activeElement !== field && field.value !== o.code) field.value = o.code;
    place(field, o.codeRect);
    for (var i = 0; i < o.rows.length; i++) {
      var b = byKey('online-' + i);
      setText(b, o.rows[i].label);
      b.disabled = !o.rows[i].enabled;
      place(b, o.rows[i].rect);
    }
    setText(dialog.querySelector('#m-online-info'), [o.info, o.info2 || ''].join(' ').trim());
    setText(dialog.querySelector('#m-online-error'), o.error || '');
    setText(dialog.querySelector('#m-online-note'), o.note);
  }

  function renderDialog(m) {
    var open = m.panel === 'menu' || m.panel === 'settings' || m.panel === 'help' || m.panel === 'stats' ||
      m.panel === 'online';
    var sig = open ? panelSignature(m) : '';
    game.hidden = open;
    if (sig === 'online' && dialogSignature === 'online') {
      updateOnline(m.online);
      return;
    }
    if (sig === dialogSignature) return;
    dialogSignature = sig;
    dialog.textContent = '';
    dialog.hidden = !open;
    if (!open) return;
    var title = make('h2', { id: 'm-dialog-title', 'class': 'm-sr' });
    dialog.appendChild(title);
    var i, o;
    if (m.panel === 'menu') {
      title.textContent = m.menu.title;
      for (i = 0; i < m.menu.rows.length; i++) {
        var row = m.menu.rows[i];
        var e = button(row.label, 'menu-' + i, PRESS.MENU_ROW, i, 0, row.rect);
        if (row.key) e.setAttribute('aria-keyshortcuts', row.key);
        e.disabled = !row.enabled;
        dialog.appendChild(e);
      }
      dialog.appendChild(button(m.menu.close, 'close', PRESS.BACK, 0, 0, null));
    } else if (m.panel === 'settings') {
      var s = m.settings;
      title.textContent = s.title;
      for (i = 0; i < s.rows.length; i++) {
        var r = s.rows[i];
        var group = make('div', { role: 'group', 'aria-label': r.label + (r.note ? ' (' + r.note + ')' : '') });
        if (r.slider) {
          var sl = make('div', { role: 'slider', tabindex: r.enabled ? '0' : '-1', 'aria-label': r.label,
            'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': r.value,
            'aria-valuetext': r.value + '%', 'data-key': 'slider-' + i, 'data-row': i });
          if (!r.enabled) sl.setAttribute('aria-disabled', 'true');
          sl.style.setProperty('--value', r.value + '%');
          place(sl, r.rect);
          group.appendChild(sl);
        }
        for (o = 0; o < r.options.length; o++) {
          var opt = r.options[o];
          var ob = button(opt.label, 'opt-' + i + '-' + o, PRESS.OPTION, i, o, opt.rect);
          if (r.options.length > 1) ob.setAttribute('aria-pressed', opt.selected ? 'true' : 'false');
          ob.disabled = !opt.enabled;
          group.appendChild(ob);
        }
        dialog.appendChild(group);
      }
      dialog.appendChild(make('p', { 'class': 'm-sr' }, s.note + ' ' + s.note2));
      dialog.appendChild(button(s.done.label, 'done', PRESS.DONE, 0, 0, s.done.rect));
    } else if (m.panel === 'help') {
      title.textContent = m.help.title;
      var list = make('ul', { 'class': 'm-sr' });
      for (i = 0; i < m.help.lines.length; i++)
        list.appendChild(make('li', {}, m.help.lines[i][0] + ': ' + m.help.lines[i][1]));
      dialog.appendChild(button(m.help.close, 'close', PRESS.BACK, 0, 0, null));
      dialog.appendChild(list);
    } else if (m.panel === 'online') {
      buildOnline(m.online);
      updateOnline(m.online);
    } else if (m.panel === 'stats') {
      title.textContent = m.stats.title;
      for (i = 0; i < m.stats.tabs.length; i++) {
        var t = m.stats.tabs[i];
        var tb = button(t.label, 'tab-' + i, PRESS.STATS_TAB, i, 0, t.rect);
        tb.setAttribute('aria-pressed', t.selected ? 'true' : 'false');
        dialog.appendChild(tb);
      }
      var lines = make('ul', { 'class': 'm-sr' });
      for (i = 0; i < m.stats.lines.length; i++) lines.appendChild(make('li', {}, m.stats.lines[i]));
      dialog.appendChild(lines);
      dialog.appendChild(button(m.stats.close, 'close', PRESS.BACK, 0, 0, null));
    }
  }

  /* -- focus ----------------------------------------------------------------- */

  function byKey(key) {
    return key ? root.querySelector('[data-key="' + key + '"]') : null;
  }

  function focusable(e) {
    return e && !e.disabled && !e.closest('[hidden]');
  }

  function gridCell() {
    return byKey(cellKey(cursor.row, cursor.col));
  }

  /* After a render: the focus stays on its element, or moves into a
   * dialog that opened, or back to where it was when the dialog closes;
   * only when the focus was in the mirror (a mouse user's stays put). */
  function keepFocus(wasDialog) {
    var active = document.activeElement;
    var inMirror = root.contains(active);
    if (!inMirror && !(focusInMirror && (active === document.body || active === null))) return;
    var isDialog = !dialog.hidden;
    if (isDialog && !wasDialog) returnKey = lastKey;
    if (inMirror && focusable(active)) return;
    var target = byKey(lastKey);
    if (!focusable(target)) {
      if (isDialog) {
        target = dialog.querySelector('button:not([disabled]), [role="slider"][tabindex="0"]');
      } else {
        target = byKey(returnKey);
        if (!focusable(target)) target = gridCell();
      }
    }
    if (!isDialog && wasDialog) {
      var back = byKey(returnKey);
      if (focusable(back)) target = back;
    }
    if (target) target.focus();
  }

  /* -- input ----------------------------------------------------------------- */

  function moveCursor(dr, dc, e) {
    var r = cursor.row, c = cursor.col;
    if (e.key === 'Home') c = 0;
    else if (e.key === 'End') c = gridSize - 1;
    else if (e.key === 'PageUp') r = 0;
    else if (e.key === 'PageDown') r = gridSize - 1;
    r = Math.min(Math.max(r + dr, 0), gridSize - 1);
    c = Math.min(Math.max(c + dc, 0), gridSize - 1);
    var old = gridCell();
    cursor.row = r;
    cursor.col = c;
    var now = gridCell();
    if (old) old.setAttribute('tabindex', '-1');
    if (now) {
      now.setAttribute('tabindex', '0');
      now.focus();
    }
  }

  var ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
    Home: [0, 0], End: [0, 0], PageUp: [0, 0], PageDown: [0, 0] };

  function onKeyDown(e) {
    var t = e.target;
    if (e.key === 'Escape' && !dialog.hidden) {
      press(PRESS.BACK, 0, 0);
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (t.id === 'm-code') {
      /* Typing is the field's (the game takes it from the field's value),
       * not the game's letter keys; Enter joins. */
      e.stopPropagation();
      if (e.key === 'Enter') {
        e.preventDefault();
        press(PRESS.ONLINE_ROW, ONLINE_JOIN, 0);
      }
      return;
    }
    if (OWN_KEYS.indexOf(e.key) < 0 || e.ctrlKey || e.metaKey || e.altKey) return;
    e.stopPropagation();
    var key = t.dataset ? t.dataset.key || '' : '';
    if (ARROWS[e.key] && key.indexOf('cell-') === 0) {
      e.preventDefault();
      moveCursor(ARROWS[e.key][0], ARROWS[e.key][1], e);
    } else if (t.getAttribute && t.getAttribute('role') === 'slider' && e.key !== 'Tab') {
      e.preventDefault();
      if (t.getAttribute('aria-disabled') === 'true') return;
      var v = Number(t.getAttribute('aria-valuenow'));
      if (e.key === 'ArrowLeft' || e.key === 'ArrowDown' || e.key === 'PageDown') v -= SLIDER_STEP;
      else if (e.key === 'ArrowRight' || e.key === 'ArrowUp' || e.key === 'PageUp') v += SLIDER_STEP;
      else if (e.key === 'Home') v = 0;
      else if (e.key === 'End') v = 100;
      else return;
      v = Math.min(Math.max(v, 0), 100);
      setSlider(t, v);
    } else if (ARROWS[e.key] && e.key.indexOf('Arrow') === 0) {
      e.preventDefault(); /* no scrolling; nothing else moves */
    }
  }

  function setSlider(t, v) {
    v = Math.round(Math.min(Math.max(v, 0), 100));
    t.setAttribute('aria-valuenow', v);
    t.setAttribute('aria-valuetext', v + '%');
    t.style.setProperty('--value', v + '%');
    press(PRESS.SLIDER, Number(t.dataset.row), v * 10);
  }

  /* A finger or the mouse on the slider (where the panel is the mirror's,
   * on a phone). */
  function onPointerDown(e) {
    var t = e.target;
    if (!t.getAttribute || t.getAttribute('role') !== 'slider' || t.getAttribute('aria-disabled') === 'true')
      return;
    var r = t.getBoundingClientRect();
    if (r.width > 0) setSlider(t, (e.clientX - r.left) / r.width * 100);
  }

  function onKeyOther(e) {
    if (e.target.id === 'm-code' ||
        (OWN_KEYS.indexOf(e.key) >= 0 && !e.ctrlKey && !e.metaKey && !e.altKey)) e.stopPropagation();
  }

  function onClick(e) {
    var t = e.target.closest ? e.target.closest('[data-press]') : null;
    if (!t || t.disabled) return;
    if (t.getAttribute('aria-disabled') === 'true' && t.dataset.press !== String(PRESS.SQUARE)) return;
    var kind = Number(t.dataset.press), a = Number(t.dataset.a), b = Number(t.dataset.b);
    if (kind === PRESS.SQUARE) {
      /* The clicked square becomes the grid's tab stop. */
      var old = gridCell();
      cursor.row = a;
      cursor.col = b;
      if (old && old !== t) old.setAttribute('tabindex', '-1');
      t.setAttribute('tabindex', '0');
    }
    press(kind, a, b);
  }

  /* -- from the game ---------------------------------------------------------- */

  function announce(text) {
    if (!text) return;
    log.push(text);
    if (log.length > LOG_MAX) log.shift();
    /* A new text node each time, so the same words twice are said twice. */
    live.textContent = '';
    live.appendChild(document.createTextNode(text));
  }

  function update(json, say) {
    if (!root) build();
    if (json) {
      var wasDialog = !dialog.hidden;
      model = JSON.parse(json);
      if (document.documentElement.lang !== model.lang) document.documentElement.lang = model.lang;
      renderGame(model);
      renderDialog(model);
      root.hidden = false;
      keepFocus(wasDialog);
    }
    announce(say);
  }

  /* Where the keyboard starts: the board's square under the cursor. */
  function focusBoard() {
    if (!root || root.hidden) return false;
    var cell = gridCell();
    if (cell && focusable(cell)) {
      cell.focus();
      return true;
    }
    return false;
  }

  /* Is the game's own screen showing (no panel over it)? */
  function onGameScreen() {
    return !!model && !game.hidden;
  }

  window.tttMirror = {
    update: update,
    focusBoard: focusBoard,
    onGameScreen: onGameScreen,
    /* For the tests: everything announced so far, oldest first. */
    announced: function () { return log.slice(); },
    model: function () { return model; }
  };
})();
