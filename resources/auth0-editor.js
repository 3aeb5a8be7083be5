/*
 * The generic edit form of every Auth0 action node. Each node's .html carries its group's
 * catalogue (a <script type="application/json" data-auth0-catalogue="<type>"> block); this script
 * turns the chosen operation's inputs into typedInput rows, so the form always shows that
 * operation's inputs and only those. Served by Node-RED at resources/@idflow/node-red-auth0/.
 */
(function () {
  'use strict';
  if (window.Auth0Editor) {
    return;
  }

  var catalogues = {};
  var ALL_SOURCES = ['msg', 'flow', 'global', 'env', 'jsonata'];
  // Secrets may only come from the message, context or the environment: never as text in the flow file.
  var SECRET_SOURCES = ['msg', 'flow', 'global', 'env'];

  function catalogue(type) {
    if (!catalogues[type]) {
      var block = $('script[data-auth0-catalogue="' + type + '"]');
      catalogues[type] = block.length ? JSON.parse(block.first().text()) : { operations: [] };
    }
    return catalogues[type];
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
        return ['json'];
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

  function renderInputs(node, type, opId, params) {
    var container = $('.auth0-params').empty();
    inputsFor(type, opId).forEach(function (input) {
      var id = 'node-input-auth0-param-' + input.name;
      var row = $('<div class="form-row"></div>').appendTo(container);
      var label = $('<label></label>').attr('for', id).attr('title', input.description).appendTo(row);
      $('<span></span>')
        .text(input.name + (input.required ? ' *' : ''))
        .appendTo(label);
      var field = $('<input type="text" style="width: 70%;">').attr('id', id).appendTo(row);
      var saved = params[input.name];
      var types = typesFor(node, input);
      var names = types.map(typeName);
      var savedType = saved && names.indexOf(saved.type) !== -1 ? saved.type : names[0];
      field.val(saved && saved.value !== undefined && saved.value !== null ? String(saved.value) : '');
      field.typedInput({ types: types, default: savedType });
      field.typedInput('type', savedType);
      field.attr('placeholder', placeholder(node, input));
      var hint = $('<div class="form-tips" style="margin: 4px 0 0 104px; width: 70%;"></div>').appendTo(row);
      hint.text(input.description + (input.enum ? ' (' + input.enum.join(', ') + ')' : ''));
    });
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

  window.Auth0Editor = {
    /**
     * Fills a context-store select (the watchers keep their state in the store the user picks):
     * the default store first, then the stores of settings.js, and a saved store that is no
     * longer configured, marked so.
     */
    contextStoreSelect: function (select, current, labels) {
      var context = RED.settings.context || {};
      var stores = context.stores || [];
      select.empty();
      $('<option></option>')
        .val('')
        .text(labels.defaultStore.replace('__store__', context['default'] || 'memory'))
        .appendTo(select);
      stores.forEach(function (store) {
        $('<option></option>').val(store).text(store).appendTo(select);
      });
      if (current && stores.indexOf(current) === -1) {
        $('<option></option>')
          .val(current)
          .text(current + ' (' + labels.unknownStore + ')')
          .appendTo(select);
      }
      select.val(current || '');
    },

    label: function (node, type) {
      var cat = catalogue(type);
      var op = node.operation ? findOperation(type, node.operation) : null;
      return (cat.paletteLabel || type) + ': ' + (op ? op.id : node.operation || 'msg.operation');
    },

    prepare: function (node, type) {
      var params = $.extend({}, node.params || {});
      var retired = catalogue(type).endOfLife;
      $('.auth0-end-of-life').remove();
      if (retired) {
        // A retired group says so above the whole form.
        $('<div class="form-tips auth0-end-of-life" style="color: #b00; margin-bottom: 12px;"></div>')
          .text(retired)
          .insertBefore($('#node-input-tenant').closest('.form-row'));
      }
      fillOperations(node, type);
      var select = $('#node-input-operation');
      select.val(node.operation || '');
      var current = select.val();
      renderInputs(node, type, current, params);
      describeOperation(node, type, current);
      select.on('change', function () {
        // Keep what was typed for inputs that the next operation shares.
        $.extend(params, window.Auth0Editor.collect(type, current));
        current = select.val();
        renderInputs(node, type, current, params);
        describeOperation(node, type, current);
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
      node.params = window.Auth0Editor.collect(type, $('#node-input-operation').val());
    },
  };
})();
