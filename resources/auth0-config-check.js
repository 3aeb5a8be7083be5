/**
 * The auth0-config dialog's "Check connection": posts what the dialog holds (credentials left
 * unchanged are sent as Node-RED's placeholder, and the runtime uses the deployed ones) and the
 * nodes of the workspace that use this tenant, and shows the answer. Every value is written
 * with .text(), never as HTML.
 */
(function () {
  'use strict';

  var PROBLEM_LABELS = {
    domain: 'Domain',
    protocol: 'Protocol',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    privateKey: 'Private key',
    token: 'Token',
    grant: 'Management API grant',
  };

  function field(name) {
    var el = $('#node-config-input-' + name);
    return el.length ? el.val() : undefined;
  }

  function duration(seconds) {
    if (typeof seconds !== 'number') return '?';
    if (seconds >= 3600) return Math.round(seconds / 360) / 10 + ' h';
    if (seconds >= 60) return Math.round(seconds / 60) + ' min';
    return seconds + ' s';
  }

  function line(parent, label, value) {
    var row = $('<div>').appendTo(parent);
    $('<b>')
      .text(label + ': ')
      .appendTo(row);
    $('<span>').text(value).appendTo(row);
    return row;
  }

  function usersOf(configId) {
    var users = [];
    RED.nodes.eachNode(function (n) {
      if (n.tenant === configId) users.push({ id: n.id, type: n.type, name: n.name || '', operation: n.operation || '' });
    });
    return users;
  }

  function show(out, answer) {
    out.empty().css({ color: '' });
    var result = answer.result || {};
    if (!result.ok) {
      var failed = $('<div class="auth0-check-failed">').css({ color: '#c00' }).appendTo(out);
      $('<i class="fa fa-times-circle">').appendTo(failed);
      $('<b>')
        .text(' ' + (PROBLEM_LABELS[result.problem] || result.problem) + ': ')
        .appendTo(failed);
      $('<span class="auth0-check-message">')
        .text(result.message || '')
        .appendTo(failed);
      failed.attr('data-problem', result.problem || '');
    } else {
      var ok = $('<div class="auth0-check-ok">').css({ color: '#080' }).appendTo(out);
      $('<i class="fa fa-check-circle">').appendTo(ok);
      $('<span>')
        .text(' Connected to ' + result.domain + ' (' + result.authentication + ')' + (result.application ? ', application "' + result.application + '"' : ''))
        .appendTo(ok);
      line(out, 'Token lifetime', duration(result.expiresIn));
      var rl = result.rateLimit || {};
      line(
        out,
        'Rate limit',
        rl.limit !== undefined
          ? rl.remaining + ' of ' + rl.limit + ' left' + (rl.reset ? ', resets ' + new Date(rl.reset * 1000).toLocaleTimeString() : '')
          : 'not reported',
      );
      var scopes = $('<div class="auth0-check-scopes">').css({ 'max-height': '8em', overflow: 'auto', 'font-family': 'monospace', 'font-size': '0.9em' });
      line(out, 'Granted scopes (' + (result.scopes || []).length + ')', '');
      scopes.text((result.scopes || []).join(' ') || '(none)').appendTo(out);
      var missing = answer.missing || [];
      var head = $('<div>').css({ 'margin-top': '6px' }).appendTo(out);
      if (missing.length === 0) {
        head.text('Every operation of the nodes using this tenant is covered by these scopes.');
      } else {
        head.css({ color: '#c60' }).append($('<i class="fa fa-exclamation-triangle">')).append($('<b>').text(' Operations the token lacks scopes for:'));
        var list = $('<ul class="auth0-check-missing">').appendTo(out);
        missing.forEach(function (m) {
          var item = $('<li>').appendTo(list);
          $('<code>').text(m.type).appendTo(item);
          $('<span>')
            .text(
              (m.name ? ' "' + m.name + '"' : '') +
                ' ' +
                m.operation +
                ' needs ' +
                m.scopes.join(' or ') +
                (m.byMessage ? ' (operation set by msg.operation)' : ''),
            )
            .appendTo(item);
        });
      }
    }
    if (answer.warning) {
      $('<div class="auth0-check-warning">')
        .css({ 'margin-top': '6px', color: '#c60' })
        .append($('<i class="fa fa-exclamation-triangle">'))
        .append($('<span>').text(' ' + answer.warning))
        .appendTo(out);
    }
    if (answer.withheld && answer.withheld.length) {
      $('<div>')
        .css({ 'margin-top': '6px', color: '#c60' })
        .text(
          'The deployed ' + answer.withheld.join(', ') + ' was not sent: the domain or protocol differs from the deployed one. Type it again to check with it.',
        )
        .appendTo(out);
    }
  }

  window.Auth0ConfigCheck = {
    prepare: function (node) {
      var button = $('#node-config-check-connection');
      var out = $('#node-config-check-result');
      button.on('click', function (e) {
        e.preventDefault();
        button.prop('disabled', true);
        out.empty().append($('<i class="fa fa-spinner fa-spin">')).append($('<span>').text(' checking…'));
        var body = {
          id: node.id,
          domain: field('domain'),
          protocol: field('protocol'),
          audience: field('audience'),
          customDomain: field('customDomain'),
          signingAlg: field('signingAlg'),
          keyId: field('keyId'),
          timeout: field('timeout'),
          readTimeout: field('readTimeout'),
          credentials: {
            clientId: field('clientId'),
            clientSecret: field('clientSecret'),
            privateKey: field('privateKey'),
            token: field('token'),
          },
          nodes: usersOf(node.id),
        };
        $.ajax({
          url: 'auth0-config/check',
          type: 'POST',
          contentType: 'application/json',
          data: JSON.stringify(body),
          dataType: 'json',
        })
          .done(function (answer) {
            show(out, answer);
          })
          .fail(function (xhr) {
            out
              .empty()
              .css({ color: '#c00' })
              .text(
                xhr.status === 401 || xhr.status === 403
                  ? 'Not permitted: checking needs write access to the flows.'
                  : 'The check failed (HTTP ' + xhr.status + ').',
              );
          })
          .always(function () {
            button.prop('disabled', false);
          });
      });
    },
  };
})();
