/*
 * The generic edit form of every Auth0 action node. A node's .html carries only what the palette
 * needs; when its dialog opens, this script loads the group's catalogue from the admin endpoint
 * (auth0/editor/<type>, nodes/editor/editor-data-route.ts) and turns the chosen operation's inputs
 * into typedInput rows, so the form always shows that operation's inputs and only those. An
 * operation with a JSON body also gets one row per body property (required ones at once, optional
 * ones added from a searchable list), saved in the node's `bodyProperties`. The help beyond its
 * first paragraphs loads the same way, when a help view shows it. Served by Node-RED at
 * resources/@idflow/node-red-auth0/.
 */
(function () {
  'use strict';
  if (window.Auth0Editor) {
    return;
  }

  var catalogues = {};
  var ALL_SOURCES = ['msg', 'flow', 'global', 'env', 'jsonata'];
  // Node-RED's JSON type, except that an empty field is valid: an input left empty is not sent
  // (or is read from msg.payload), and must not show the red outline of an error.
  var OPTIONAL_JSON = {
    value: 'json',
    label: 'JSON',
    icon: 'red/images/typedInput/json.svg',
    validate: function (v) {
      if (v === '' || v === undefined) {
        return true;
      }
      try {
        JSON.parse(v);
        return true;
      } catch {
        return false;
      }
    },
    expand: function () {
      var value = this.value();
      try {
        value = JSON.stringify(JSON.parse(value), null, 4);
      } catch {
        // shown as typed
      }
      RED.editor.editJSON({
        value: value,
        focus: true,
        complete: function (v) {
          var compact = v;
          try {
            compact = JSON.stringify(JSON.parse(v));
          } catch {
            // kept as typed: the field shows it invalid
          }
          this.value(compact);
        }.bind(this),
      });
    },
  };
  // Secrets may only come from the message, context or the environment: never as text in the flow file.
  var SECRET_SOURCES = ['msg', 'flow', 'global', 'env'];

  var EDITOR_DATA = 'auth0/editor/';

  function catalogue(type) {
    return catalogues[type] || { operations: [] };
  }

  /** Loads a group's catalogue once per editor session; `done(err)` when it is there or failed. */
  function loadCatalogue(type, done) {
    if (catalogues[type]) {
      done(null);
      return;
    }
    $.getJSON(EDITOR_DATA + type)
      .done(function (data) {
        catalogues[type] = data;
        done(null);
      })
      .fail(function (xhr) {
        done(new Error(xhr.status + ' ' + (xhr.statusText || '')));
      });
  }

  function findOperation(type, id) {
    var ops = catalogue(type).operations;
    for (var i = 0; i < ops.length; i++) {
      if (ops[i].id === id) {
        return ops[i];
      }
    }
    return null;
  }

  /**
   * Node-RED's own bool type always shows true or false, so an untouched row would save a value.
   * This one has a "default" choice that saves nothing, leaving the input unset.
   */
  function booleanType(node, input) {
    var unsetLabel =
      input['default'] === undefined || input['default'] === null
        ? node._('auth0-action.label.unset')
        : node._('auth0-action.label.default').replace('__value__', String(input['default']));
    return {
      value: 'bool',
      label: 'boolean',
      icon: 'red/images/typedInput/bool.svg',
      options: [
        { value: '', label: unsetLabel },
        { value: 'true', label: 'true' },
        { value: 'false', label: 'false' },
      ],
    };
  }

  function literalTypes(node, input) {
    switch (input.type) {
      case 'number':
      case 'integer':
        return ['num'];
      case 'boolean':
        return [booleanType(node, input)];
      case 'object':
      case 'array':
      case 'file':
        return [OPTIONAL_JSON];
      default:
        return ['str'];
    }
  }

  function typesFor(node, input) {
    return input.secret ? SECRET_SOURCES.slice() : literalTypes(node, input).concat(ALL_SOURCES);
  }

  function typeName(type) {
    return typeof type === 'string' ? type : type.value;
  }

  /** Inputs shown for an operation; with "set by msg.operation", the union of every operation's. */
  function inputsFor(type, opId) {
    if (opId) {
      var op = findOperation(type, opId);
      return op ? op.inputs : [];
    }
    var seen = {};
    var all = [];
    catalogue(type).operations.forEach(function (op) {
      op.inputs.forEach(function (input) {
        if (!seen[input.name]) {
          seen[input.name] = true;
          all.push($.extend({}, input, { required: false }));
        }
      });
    });
    return all;
  }

  function placeholder(node, input) {
    var text = node._('auth0-action.label.readFromPayload').replace('__name__', input.name);
    if (input.fromConfig) {
      text += ', ' + node._('auth0-action.label.fromConfig');
    } else if (input['default'] !== undefined && input['default'] !== null) {
      text += ', ' + node._('auth0-action.label.default').replace('__value__', JSON.stringify(input['default']));
    }
    return text;
  }

  /** One typedInput row in `container`: its label, its field (id `id`) and a hint below it. */
  function typedRow(container, id, labelText, title, types, saved, placeholderText, hintText) {
    var row = $('<div class="form-row"></div>').appendTo(container);
    var label = $('<label></label>').attr('for', id).attr('title', title).appendTo(row);
    $('<span></span>').text(labelText).appendTo(label);
    var field = $('<input type="text" style="width: 70%;">').attr('id', id).appendTo(row);
    var names = types.map(typeName);
    var savedType = saved && names.indexOf(saved.type) !== -1 ? saved.type : names[0];
    field.val(saved && saved.value !== undefined && saved.value !== null ? String(saved.value) : '');
    field.typedInput({ types: types, default: savedType });
    field.typedInput('type', savedType);
    if (placeholderText) {
      field.attr('placeholder', placeholderText);
    }
    $('<div class="form-tips" style="margin: 4px 0 0 104px; width: 70%;"></div>').text(hintText).appendTo(row);
    return row;
  }

  /**
   * The outline says what must be done: an empty field is an error only when its input is
   * required. Node-RED's own msg, flow, global and env types call every empty field invalid (so
   * an optional secret row was outlined) and its str type calls every one valid (so a required
   * row was not): each type's check is wrapped so that empty means required-and-missing.
   */
  function outlineEmptyOnlyIfRequired(field, required) {
    var widget = field.typedInput('instance');
    if (!widget || !widget.typeMap) {
      return;
    }
    Object.keys(widget.typeMap).forEach(function (name) {
      var original = widget.typeMap[name];
      var check = original.validate;
      widget.typeMap[name] = $.extend({}, original, {
        validate: function (value, opts) {
          if (value === '' || value === undefined || value === null) {
            return !required;
          }
          if (!check) {
            return true;
          }
          return typeof check === 'function' ? check(value, opts) : check.test(value);
        },
      });
    });
    field.on('change', function () {
      field.typedInput('validate');
    });
    field.typedInput('validate');
  }

  function renderInputs(node, type, opId, params) {
    var container = $('.auth0-params').empty();
    if (!opId) {
      // Every operation's inputs at once would say nothing: the message chooses, and brings the inputs.
      $('<div class="form-tips auth0-by-msg-operation"></div>').text(node._('auth0-action.label.byMsgOperation')).appendTo(container);
      return;
    }
    var bodyRows = bodyPropertiesOf(type, opId).length > 0;
    inputsFor(type, opId).forEach(function (input) {
      // With body properties in the form, the whole body is optional: the rows can make it. An
      // input the tenant's credential fills when left empty is not missing either.
      if ((input.wholeBody && bodyRows) || input.fromConfig) {
        input = $.extend({}, input, { required: false });
      }
      var row = typedRow(
        container,
        'node-input-auth0-param-' + input.name,
        input.name + (input.required ? ' *' : ''),
        input.description,
        typesFor(node, input),
        params[input.name],
        placeholder(node, input),
        input.description + (input.enum ? ' (' + input.enum.join(', ') + ')' : ''),
      );
      outlineEmptyOnlyIfRequired(row.find('#node-input-auth0-param-' + input.name), Boolean(input.required));
    });
  }

  // ---- Body properties: one row per property of the operation's JSON body ----

  /** The operation's body properties (from Auth0's API description), or none. */
  function bodyPropertiesOf(type, opId) {
    var op = opId ? findOperation(type, opId) : null;
    return op && op.body && op.body.properties ? op.body.properties : [];
  }

  function bodyPropertyTypes(node, property) {
    var literal;
    if (property.secret) {
      return SECRET_SOURCES.slice();
    }
    if (property['enum'] && property['enum'].length) {
      // A choice: the runtime reads it as text, as Node-RED's own str type.
      literal = {
        value: 'str',
        label: node._('auth0-action.label.choice'),
        icon: 'red/images/typedInput/az.svg',
        options: (property.required ? [] : [{ value: '', label: node._('auth0-action.label.unset') }]).concat(
          property['enum'].map(function (value) {
            return { value: String(value), label: String(value) };
          }),
        ),
      };
      return [literal].concat(ALL_SOURCES);
    }
    return literalTypes(node, { type: property.type }).concat(ALL_SOURCES);
  }

  function bodyPropertyHint(node, property) {
    var parts = [property.description || ''];
    var kind = property.type + (property.format ? ', ' + property.format : '');
    parts.push('(' + kind + ')');
    if (property.fields && property.fields.length) {
      parts.push(node._('auth0-action.label.fields') + ': ' + property.fields.join(', '));
    }
    return parts.join(' ').trim();
  }

  function bodyRowId(name) {
    return 'node-input-auth0-body-' + name.replace(/[^A-Za-z0-9_-]/g, '_');
  }

  function addBodyRow(node, rows, property, saved) {
    var row = typedRow(
      rows,
      bodyRowId(property.name),
      property.name + (property.required ? ' *' : ''),
      property.description || '',
      bodyPropertyTypes(node, property),
      saved,
      node._('auth0-action.label.readFromPayload').replace('__name__', 'body.' + property.name),
      bodyPropertyHint(node, property),
    );
    row.addClass('auth0-body-row').attr('data-auth0-body', property.name);
    outlineEmptyOnlyIfRequired(row.find('#' + bodyRowId(property.name)), Boolean(property.required));
    if (!property.required && !property.row) {
      $('<a href="#" class="red-ui-button red-ui-button-small auth0-body-remove" style="margin-left: 4px;"><i class="fa fa-times"></i></a>')
        .attr('title', node._('auth0-action.label.removeBodyProperty'))
        .insertAfter(row.find('.red-ui-typedInput-container').first())
        .on('click', function (event) {
          event.preventDefault();
          row.remove();
          refreshBodyOptions(rows.closest('.auth0-body'));
        });
    }
  }

  /** The searchable list offers the optional properties that have no row yet. */
  function refreshBodyOptions(section) {
    var list = section.find('datalist').empty();
    var shown = {};
    section.find('.auth0-body-row').each(function () {
      shown[$(this).attr('data-auth0-body')] = true;
    });
    (section.data('properties') || []).forEach(function (property) {
      if (!property.required && !shown[property.name]) {
        $('<option></option>')
          .val(property.name)
          .text(property.description ? property.description.slice(0, 120) : property.type)
          .appendTo(list);
      }
    });
  }

  function renderBody(node, type, opId, bodySaved) {
    var section = $('.auth0-body').empty();
    var properties = bodyPropertiesOf(type, opId);
    section.toggle(properties.length > 0);
    if (!properties.length) {
      return;
    }
    $('<div class="form-row auth0-body-title"></div>')
      .append(
        $('<label style="width: auto;"></label>')
          .append($('<i class="fa fa-list-ul"></i>'))
          .append(' ')
          .append($('<span></span>').text(node._('auth0-action.label.body'))),
      )
      .append($('<span style="margin-left: 8px; opacity: 0.8;"></span>').text(node._('auth0-action.label.bodyTip')))
      .appendTo(section);
    section.data('properties', properties);
    var rows = $('<div class="auth0-body-rows"></div>').appendTo(section);
    properties.forEach(function (property) {
      if (property.required || property.row || bodySaved[property.name]) {
        addBodyRow(node, rows, property, bodySaved[property.name]);
      }
    });
    var listId = 'node-input-auth0-body-options';
    var pick = $('<div class="form-row auth0-body-add"></div>').appendTo(section);
    $('<label></label>').attr('for', 'node-input-auth0-body-add').append($('<i class="fa fa-plus"></i>')).appendTo(pick);
    var search = $('<input type="text" id="node-input-auth0-body-add" style="width: 70%;">')
      .attr('list', listId)
      .attr('placeholder', node._('auth0-action.label.addBodyProperty'))
      .appendTo(pick);
    $('<datalist></datalist>').attr('id', listId).appendTo(pick);
    var unmatched = $('<div class="form-tips auth0-body-unmatched" style="margin: 4px 0 0 104px; width: 70%;"></div>').hide().appendTo(pick);
    refreshBodyOptions(section);
    function addChosen() {
      var name = String(search.val() || '').trim();
      var property = null;
      properties.forEach(function (candidate) {
        if (candidate.name === name) {
          property = candidate;
        }
      });
      if (!property || rows.find('[data-auth0-body="' + name + '"]').length) {
        return false;
      }
      addBodyRow(node, rows, property, undefined);
      search.val('');
      unmatched.hide();
      refreshBodyOptions(section);
      return true;
    }
    /** Says when the typed name is part of no property's name (the list then offers nothing), or on Enter matches none. */
    function showUnmatched(always) {
      var name = String(search.val() || '').trim();
      var lower = name.toLowerCase();
      var partOfOne = properties.some(function (candidate) {
        return candidate.name.toLowerCase().indexOf(lower) >= 0;
      });
      if (name === '' || (partOfOne && !always)) {
        unmatched.hide();
        return;
      }
      var shown = name.length > 60 ? name.slice(0, 40) + '\u2026' : name;
      unmatched.text(node._('auth0-action.label.noBodyProperty').replace('__name__', shown) + ' ' + node._('auth0-action.label.unknownBodyProperty')).show();
    }
    search.on('change input', function () {
      if (!addChosen()) {
        showUnmatched(false);
      }
    });
    search.on('keydown', function (event) {
      if (event.key === 'Enter') {
        event.preventDefault();
        if (!addChosen()) {
          showUnmatched(true);
        }
      }
    });
  }

  function collectBody() {
    var saved = {};
    $('.auth0-body .auth0-body-row').each(function () {
      var name = $(this).attr('data-auth0-body');
      var field = $('#' + bodyRowId(name));
      var value = field.typedInput('value');
      if (value !== '') {
        saved[name] = { value: value, type: field.typedInput('type') };
      }
    });
    return saved;
  }

  // ---- The help after its first paragraphs, loaded when a help view shows its placeholder ----

  var helpRequested = {};

  function fillHelp(type, html) {
    // Every later view of the help is complete: the placeholder leaves the help's own text.
    var script = $('script[data-help-name="' + type + '"]');
    if (script.length) {
      var text = script.html();
      var start = text.indexOf('<div class="auth0-help-more"');
      var end = start === -1 ? -1 : text.indexOf('</div>', start);
      if (end !== -1) {
        script.html(text.slice(0, start) + html + text.slice(end + '</div>'.length));
      }
    }
    $('.auth0-help-more[data-auth0-help="' + type + '"]').replaceWith($('<div></div>').html(html).contents());
  }

  function loadVisibleHelp(placeholders) {
    for (var i = 0; i < placeholders.length; i++) {
      var type = placeholders[i].getAttribute('data-auth0-help');
      if (!type || helpRequested[type]) {
        continue;
      }
      helpRequested[type] = true;
      (function (type) {
        $.ajax({ url: EDITOR_DATA + type + '/help', dataType: 'html' })
          .done(function (html) {
            fillHelp(type, html);
          })
          .fail(function () {
            delete helpRequested[type];
          });
      })(type);
    }
  }

  if (window.MutationObserver && document.body) {
    // A live collection: the check on each change of the page is one length read.
    var placeholders = document.getElementsByClassName('auth0-help-more');
    new MutationObserver(function () {
      if (placeholders.length) {
        loadVisibleHelp(placeholders);
      }
    }).observe(document.body, { childList: true, subtree: true });
  }

  function describeOperation(node, type, opId) {
    var text = $('.auth0-operation-text').empty();
    var op = opId ? findOperation(type, opId) : null;
    $('.auth0-paging-row').toggle(!opId || Boolean(op && op.paging.length));
    $('.auth0-checkbody-row').toggle(!opId || Boolean(op && op.checksBody));
    if (!op) {
      return;
    }
    $('<div class="form-tips"></div>').text(op.description).appendTo(text);
    if (op.lifecycleNote) {
      $('<div class="form-tips auth0-lifecycle" style="color: #a60;"></div>').text(op.lifecycleNote).appendTo(text);
    }
    if (op.deprecated) {
      $('<div class="form-tips" style="color: #b00;"></div>')
        .text(node._('auth0-action.label.deprecated') + ': ' + op.deprecated)
        .appendTo(text);
    } else if (op.scopes.length) {
      $('<div class="form-tips"></div>')
        .text(node._('auth0-action.label.scopes') + ': ' + op.scopes.join(', '))
        .appendTo(text);
    }
  }

  function fillOperations(node, type) {
    var select = $('#node-input-operation').empty();
    $('<option value=""></option>').text(node._('auth0-action.label.fromMsg')).appendTo(select);
    var groups = {};
    catalogue(type).operations.forEach(function (op) {
      var name = op.group || 'Operations';
      if (!groups[name]) {
        groups[name] = $('<optgroup></optgroup>').attr('label', name).appendTo(select);
      }
      var stage = op.lifecycle ? ' [' + op.lifecycle + ']' : '';
      $('<option></option>')
        .val(op.id)
        .text(op.label + ' (' + op.id + ')' + stage)
        .appendTo(groups[name]);
    });
  }

  /** A node's own strings: `<type>.<key>` of its message catalogue. */
  function ownText(node) {
    return function (key, substitutions) {
      return node._(node.type + '.' + key, substitutions);
    };
  }

  /** A form row with its label (an icon and a text), for the field `forId` when given. */
  function formRow(labelText, icon, forId) {
    var label = $('<label>').append($('<i class="fa">').addClass(icon), ' ', $('<span>').text(labelText));
    if (forId) label.attr('for', forId);
    return $('<div class="form-row">').append(label);
  }

  /**
   * The node as the open dialog has it: a validator that reads another property (Batch size
   * needs Output to be batch) must see what the user chose, not what was last saved.
   */
  function formView(node) {
    var view = Object.create(node);
    Object.keys(node._def.defaults).forEach(function (key) {
      var field = $('#node-input-' + key);
      if (field.length === 0) return;
      view[key] = field.attr('type') === 'checkbox' ? field.prop('checked') : field.val();
    });
    return view;
  }

  /**
   * `element` as the field of the node's property `property` (id node-input-<property>), filled
   * from the node and checked with its validator as it changes: what Node-RED does for the
   * fields it finds when a dialog opens, for a field rendered after that.
   */
  function boundField(node, property, element) {
    var definition = node._def.defaults[property];
    var checkbox = element.attr('type') === 'checkbox';
    element.attr('id', 'node-input-' + property);
    if (checkbox) element.prop('checked', node[property]);
    else element.val(node[property] == null ? '' : node[property]);
    element.on('change keyup paste', function () {
      var value = checkbox ? element.prop('checked') : element.val();
      var valid = !definition.validate || definition.validate.call(formView(node), value);
      element.toggleClass('input-error', valid !== true);
    });
    return element;
  }

  window.Auth0Editor = {
    /**
     * For a node's oneditsave: its number properties (a number default, and those named in
     * `more`, whose default is empty) saved as numbers, as typed. Node-RED saves what a field
     * holds, text, so an exported flow said "5" for 5. Text that is no number is left as typed, for
     * the property's validator to mark. Node-RED keeps the number afterwards: it replaces a
     * property only when the field's text differs from it (loosely: "5" == 5).
     */
    saveNumbers: function (node, more) {
      var defaults = node._def.defaults;
      Object.keys(defaults).forEach(function (key) {
        if (typeof defaults[key].value !== 'number' && (!more || more.indexOf(key) === -1)) return;
        // A config node's dialog names its fields node-config-input-<key>.
        var field = $('#node-input-' + key);
        if (field.length === 0) field = $('#node-config-input-' + key);
        if (field.length === 0 || field.attr('type') === 'checkbox') return;
        var text = String(field.val() == null ? '' : field.val()).trim();
        var number = Number(text);
        if (text !== '' && isFinite(number)) node[key] = number;
      });
    },

    /**
     * The Store row of a node that keeps its state in a context store (the watchers, the log
     * alert, the tenant snapshot): a select of the default store first, then the stores of
     * settings.js, and a saved store that is no longer configured, marked so. It fills the form
     * row `place` (the .html names where it goes), with the node's own strings
     * (`<type>.label.store`, `.defaultStore`, `.unknownStore`).
     */
    contextStoreRow: function (node, place) {
      var text = ownText(node);
      var context = RED.settings.context || {};
      var stores = context.stores || [];
      var current = node.store;
      var select = $('<select>').css('width', '70%');
      $('<option></option>')
        .val('')
        .text(text('label.defaultStore', { store: context['default'] || 'memory' }))
        .appendTo(select);
      stores.forEach(function (store) {
        $('<option></option>').val(store).text(store).appendTo(select);
      });
      if (current && stores.indexOf(current) === -1) {
        $('<option></option>')
          .val(current)
          .text(current + ' (' + text('label.unknownStore') + ')')
          .appendTo(select);
      }
      var label = formRow(text('label.store'), 'fa-database', 'node-input-store').children();
      $(place)
        .empty()
        .append(label, boundField(node, 'store', select));
      select.val(current || '');
    },

    /**
     * The log category and type picker of auth0-log-watch and auth0-log-alert: a checkbox per
     * category and a type-code field with Auth0's whole catalogue searchable beside it, from the
     * log watch's table. Its rows take the place of `place` (the .html names where they go), with
     * the node's own strings (`<type>.label.categories`, …) and ids (`<type>-categories`,
     * `<type>-category-<id>`, `<type>-code-pick`, `<type>-code-list`, `node-input-types-text`),
     * and start with the node's categories and types. `options.listHeight`: the category box's
     * most height in px (180). Returns set(categories, types), read() → { categories, types } and
     * saveTo(node).
     */
    logTypePicker: function (node, place, options) {
      var text = ownText(node);
      var prefix = node.type + '-';
      var list = $('<div>')
        .attr('id', prefix + 'categories')
        .css({
          display: 'inline-block',
          // The row's label stays beside the list's top, not its last line.
          'vertical-align': 'top',
          width: '70%',
          'max-height': ((options && options.listHeight) || 180) + 'px',
          'overflow-y': 'auto',
          border: '1px solid var(--red-ui-form-input-border-color, #ccc)',
          padding: '4px',
        })
        .append($('<span>').text(text('label.loading')));
      // A short example as placeholder (a long one is cut off), what an empty field means as its title.
      var field = $('<input type="text" id="node-input-types-text">')
        .css('width', '70%')
        .attr({ placeholder: text('placeholder.types'), title: text('placeholder.typesTitle') });
      var codeSelect = $('<input type="text">')
        .attr({ id: prefix + 'code-pick', list: prefix + 'code-list', placeholder: text('label.addCode') })
        .css('width', '70%');
      var codeList = $('<datalist>').attr('id', prefix + 'code-list');
      $(place).replaceWith(
        formRow(text('label.categories'), 'fa-filter').append(list),
        formRow(text('label.types'), 'fa-tags', 'node-input-types-text').append(field),
        $('<div class="form-row">').append('<label></label>', codeSelect, codeList),
      );
      var known = {};
      var wanted = (node.categories || []).slice();
      function check() {
        list.find('input[type=checkbox]').each(function () {
          $(this).prop('checked', wanted.indexOf($(this).val()) !== -1);
        });
      }
      field.val((node.types || []).join(', '));
      $.getJSON('auth0-log-watch/types', function (table) {
        list.empty();
        table.categories.forEach(function (category) {
          var id = prefix + 'category-' + category.id;
          // A long category (its codes listed) wraps rather than being cut at the list's edge.
          var row = $('<div>');
          $('<input type="checkbox">').attr('id', id).val(category.id).css({ width: 'auto', margin: '0 6px 0 0' }).appendTo(row);
          var codes = category.codes.concat(
            (category.prefixes || []).map(function (p) {
              return p + '*';
            }),
          );
          $('<label>')
            .attr('for', id)
            .css({ width: 'auto', display: 'inline' })
            .text(category.label + ' (' + codes.join(', ') + ')')
            .appendTo(row);
          list.append(row);
        });
        check();
        // Every type of Auth0's catalogue, searchable by code or meaning.
        codeList.empty();
        table.codes.forEach(function (entry) {
          known[entry.code] = true;
          codeList.append(
            $('<option>')
              .val(entry.code)
              .text(entry.label + ' (' + entry.category + ')'),
          );
        });
      }).fail(function () {
        list.text(text('label.tableUnavailable'));
      });
      function codes() {
        var seen = {};
        return String(field.val() || '')
          .split(/[\s,]+/)
          .filter(function (code) {
            if (code === '' || seen[code]) return false;
            seen[code] = true;
            return true;
          });
      }
      codeSelect.on('change input', function () {
        var code = String(codeSelect.val() || '').trim();
        if (!code || !known[code]) return;
        var current = codes();
        if (current.indexOf(code) === -1) current.push(code);
        field.val(current.join(', '));
        codeSelect.val('');
      });
      return {
        set: function (categories, types) {
          wanted = categories.slice();
          check();
          field.val(types.join(', '));
        },
        read: function () {
          var boxes = list.find('input[type=checkbox]');
          // Categories not shown (the table could not be loaded) are kept as they were.
          var categories = boxes.length === 0 ? wanted : [];
          boxes.filter(':checked').each(function () {
            categories.push($(this).val());
          });
          return { categories: categories, types: codes() };
        },
        /** Saves what is chosen in the node's categories and types. */
        saveTo: function (target) {
          var chosen = this.read();
          target.categories = chosen.categories;
          target.types = chosen.types;
        },
      };
    },

    /**
     * A watcher's delivery rows (auth0-log-watch, auth0-events): Output (a message per event or
     * per batch), with `options.batchSize` (its label) a Batch size shown for batches, Acknowledged, and Most
     * outstanding shown when acknowledged. They take the place of `place` (the .html names where
     * they go), with the node's own strings (`<type>.label.output`, …). Node-RED fills and checks
     * a dialog's fields before oneditprepare, before these exist, so they are filled from the node
     * here and checked with the node's validators as they change.
     */
    deliveryRows: function (node, place, options) {
      var text = ownText(node);
      function number(property) {
        return boundField(node, property, $('<input type="number" min="1" step="1">').css('width', '100px'));
      }
      var output = boundField(
        node,
        'output',
        $('<select>')
          .css('width', '70%')
          .append($('<option value="event">').text(text('label.outputEvent')), $('<option value="batch">').text(text('label.outputBatch'))),
      );
      var ack = boundField(node, 'ack', $('<input type="checkbox">').css({ width: 'auto', margin: '0 6px 0 0' }));
      var batchRow = options && options.batchSize ? formRow(options.batchSize, 'fa-th', 'node-input-batchSize').append(number('batchSize')) : $();
      var maxRow = formRow(text('label.maxUnacked'), 'fa-hourglass-half', 'node-input-maxUnacked').append(number('maxUnacked'));
      $(place).replaceWith(
        formRow(text('label.output'), 'fa-sign-out', 'node-input-output').append(output),
        batchRow,
        // A checkbox row as Node-RED's own nodes lay it out: the box in the field column, its words beside it.
        $('<div class="form-row">').append(
          $('<label>').html('&nbsp;'),
          ack.css({ display: 'inline-block', 'vertical-align': 'top' }),
          $('<label for="node-input-ack">')
            .css('width', '70%')
            // Not a box icon: beside a real checkbox it would read as a second, already checked one.
            .append($('<i class="fa fa-reply">'), ' ', $('<strong>').text(text('label.ack')), ' ', $('<span>').text(text('label.ackHint'))),
        ),
        maxRow,
      );
      // A row shown again is checked again: an empty Batch size is wrong only for batches.
      output.on('change', function () {
        batchRow.toggle(output.val() === 'batch');
        batchRow.find('input').trigger('change');
      });
      ack.on('change', function () {
        maxRow.toggle(ack.prop('checked'));
        maxRow.find('input').trigger('change');
      });
      batchRow.add(maxRow).find('input').add(output).add(ack).trigger('change');
    },

    prepare: function (node, type) {
      var params = $.extend({}, node.params || {});
      var bodySaved = $.extend({}, node.bodyProperties || {});
      var select = $('#node-input-operation');
      // Until the catalogue is there the select holds the saved operation, so a dialog closed
      // early (or offline) saves what it opened with.
      select.empty();
      $('<option></option>')
        .val(node.operation || '')
        .text(node.operation || node._('auth0-action.label.fromMsg'))
        .appendTo(select);
      select.val(node.operation || '');
      $('.auth0-params')
        .empty()
        .append($('<div class="form-tips auth0-loading"></div>').text(node._('auth0-action.label.loading')));
      $('.auth0-body').empty().hide();
      $('.auth0-end-of-life').remove();
      loadCatalogue(type, function (err) {
        if (err) {
          $('.auth0-params')
            .empty()
            .append(
              $('<div class="form-tips auth0-load-error" style="color: #b00;"></div>').text(node._('auth0-action.label.loadFailed') + ' (' + err.message + ')'),
            );
          return;
        }
        var retired = catalogue(type).endOfLife;
        if (retired) {
          // A retired group says so above the whole form.
          $('<div class="form-tips auth0-end-of-life" style="color: #b00; margin-bottom: 12px;"></div>')
            .text(retired)
            .insertBefore($('#node-input-tenant').closest('.form-row'));
        }
        fillOperations(node, type);
        select.val(node.operation || '');
        var current = select.val();
        renderInputs(node, type, current, params);
        renderBody(node, type, current, bodySaved);
        describeOperation(node, type, current);
        $('.auth0-params').attr('data-auth0-ready', type);
        select.on('change', function () {
          // Keep what was typed for inputs and body properties that the next operation shares.
          $.extend(params, window.Auth0Editor.collect(type, current));
          $.extend(bodySaved, collectBody());
          current = select.val();
          renderInputs(node, type, current, params);
          renderBody(node, type, current, bodySaved);
          describeOperation(node, type, current);
        });
      });
      $('#node-input-paging').val(node.paging || 'off');
      $('#node-input-pagingOutput').val(node.pagingOutput || 'array');
      // A node saved before checkBody existed checks its body: only an explicit false turns it off.
      $('#node-input-checkBody').prop('checked', node.checkBody !== false);
    },

    collect: function (type, opId) {
      var params = {};
      inputsFor(type, opId).forEach(function (input) {
        var field = $('#node-input-auth0-param-' + input.name);
        if (!field.length) {
          return;
        }
        var value = field.typedInput('value');
        if (value !== '') {
          params[input.name] = { value: value, type: field.typedInput('type') };
        }
      });
      return params;
    },

    save: function (node, type) {
      // A dialog closed before its catalogue arrived changes nothing.
      if ($('.auth0-params').attr('data-auth0-ready') !== type) {
        return;
      }
      var opId = $('#node-input-operation').val();
      if (!opId) {
        // No inputs shown: what the node had stays (the message's operation may use it).
        return;
      }
      node.params = window.Auth0Editor.collect(type, opId);
      node.bodyProperties = collectBody();
    },
  };
})();
