// Draws a prerendered page's cards (listings, or room-wanted ads) as soon as their answer arrives, before the app has
// loaded (decisions 036, 062). Each slot the page's loading state leaves ([data-early-cards],
// src/web/first-paint/early-templates.tsx) names the API answer to show and the build's templates to copy; the
// answers are kept for the app, which reads them instead of asking again (src/web/lib/api.ts), and later draws the
// same cards in the slot's place.
;(function () {
  var root = document.getElementById('root')
  var slots = root ? root.querySelectorAll('[data-early-cards]') : []
  if (slots.length === 0) return
  var early = (window.nestmateEarlyFetches = window.nestmateEarlyFetches || {})
  var TOKEN = /~(\w+)~/g

  // Same mode and credentials as the app's requests, so the page's <link rel="preload"> answers them. The app gets
  // a copy of the answer, made as it arrives (before either reads it).
  function ask(url) {
    var request = fetch(url, { credentials: 'same-origin' })
    early[url] = request.then(function (response) {
      return response.clone()
    })
    return request.then(function (response) {
      if (!response.ok) throw new Error(url + ' answered ' + response.status)
      return response
    })
  }

  function part(name) {
    var template = document.getElementById('early-part-' + name)
    return template && template.content.firstElementChild.cloneNode(true)
  }

  /** Writes `values` over the ~tokens~ of text and attributes; an element whose token has no value goes. */
  function fill(fragment, values) {
    var walker = document.createTreeWalker(fragment, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    var emptied = []
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        var isEmpty = false
        node.nodeValue = node.nodeValue.replace(TOKEN, function (token, key) {
          var value = values[key]
          if (value === undefined || value === null || value === '') isEmpty = true
          return isEmpty ? '' : String(value)
        })
        if (isEmpty) emptied.push(node.parentElement)
        continue
      }
      for (var i = 0; i < node.attributes.length; i++) {
        var attribute = node.attributes[i]
        if (attribute.value.indexOf('~') < 0) continue
        attribute.value = attribute.value.replace(TOKEN, function (token, key) {
          return values[key] === undefined || values[key] === null ? '' : String(values[key])
        })
      }
    }
    emptied.forEach(function (element) {
      if (element) element.remove()
    })
  }

  // The words and calendar-day rule of confirmedAgo() in src/shared/format.ts, on the visitor's clock (decision 060);
  // e2e/public/before-hydration.spec.ts holds the two equal.
  function confirmedAgo(iso, now) {
    var then = new Date(iso)
    var date = function (time) {
      return Date.UTC(time.getFullYear(), time.getMonth(), time.getDate())
    }
    var days = Math.max(0, Math.round((date(now) - date(then)) / 86400000))
    return days === 0
      ? 'Confirmed today'
      : days === 1
        ? 'Confirmed yesterday'
        : 'Confirmed ' + days + ' days ago'
  }

  function textNode(fragment, text) {
    var walker = document.createTreeWalker(fragment, NodeFilter.SHOW_TEXT)
    for (var node = walker.nextNode(); node; node = walker.nextNode())
      if (node.nodeValue === text) return node
    return null
  }

  /** Writes `text` over the text node that reads `sample` (a formatted field's stand-in); the node, or null. */
  function replaceSample(fragment, sample, text) {
    var node = sample ? textNode(fragment, sample) : null
    if (node) node.nodeValue = text
    return node
  }

  function money(amount, currency) {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency,
      maximumFractionDigits: 0,
    }).format(amount)
  }

  // The poster's badges (src/web/features/people/trust-badges.tsx, decision 096): the template has each of them,
  // as `samples` names their text; what the poster hasn't earned goes, and the list with the last of them.
  function badges(copy, samples, poster) {
    var list = copy.querySelector('[data-badges]')
    if (!list) return
    var count = poster.referenceCount
    var earned = {
      verified: poster.ownerVerified ? samples.verified : '',
      references: count > 0 ? (count === 1 ? '1 reference' : count + ' references') : '',
      quick:
        poster.replyRate !== null &&
        poster.replyHours !== null &&
        poster.replyRate >= 80 &&
        poster.replyHours <= 24
          ? samples.quick
          : '',
    }
    Object.keys(earned).forEach(function (name) {
      var node = textNode(list, samples[name])
      if (node && earned[name]) node.nodeValue = earned[name]
      else if (node) node.parentElement.remove()
    })
    if (!list.querySelector('li')) list.remove()
  }

  // How each kind of card is filled (src/web/first-paint/early-templates.tsx): `copy` is the card template's
  // content, `samples` the text its formatted fields have there.
  var KINDS = {
    listing: {
      count: function (total, shown) {
        return (
          (total === 1 ? '1 listing' : total + ' listings') + (shown < total ? ' · showing ' + shown : '')
        )
      },
      fill: function (copy, samples, listing, currency, now) {
        var badge = textNode(copy, '~availability~')
        var availability = part(listing.availability)
        if (badge && availability) badge.parentElement.replaceWith(availability)
        replaceSample(copy, samples.rent, money(listing.rent, currency))
        var cover = copy.querySelector('article > figure')
        if (!listing.cover) {
          var none = part('no-cover')
          if (cover && none) cover.replaceWith(none)
          cover = none
        } else if (cover) {
          var image = cover.querySelector('img')
          image.setAttribute('width', listing.cover.width)
          image.setAttribute('height', listing.cover.height)
        }
        if (listing.isExample && cover) cover.after(part('example'))
        var confirmed = copy.querySelector('time[datetime]')
        if (confirmed) {
          confirmed.setAttribute('datetime', listing.confirmedAt)
          confirmed.textContent = confirmedAgo(listing.confirmedAt, now)
        }
        var place =
          listing.placeName && listing.location.indexOf(listing.placeName) < 0 ? listing.placeName : ''
        badges(copy, samples, listing)
        fill(copy, {
          _id: listing._id,
          title: listing.title,
          location: listing.location,
          placeName: place,
          roomType: listing.roomType,
          userName: listing.userName,
          advertiser: listing.advertiser ? samples.advertisers[listing.advertiser] : '',
          coverUrl: listing.cover ? listing.cover.url : '',
        })
      },
    },
    // A room-wanted ad (src/web/features/rooms-wanted/seeker-card.tsx).
    seeker: {
      count: function (total) {
        return total === 1 ? '1 person looking' : total.toLocaleString('en-US') + ' people looking'
      },
      fill: function (copy, samples, ad, currency) {
        var photo = copy.querySelector('img')
        var noPhoto = part('no-photo')
        if (!ad.userPhoto && photo && noPhoto) photo.replaceWith(noPhoto)
        var example = textNode(copy, samples.example)
        if (!ad.isExample && example) example.parentElement.remove()
        replaceSample(copy, samples.budget, money(ad.budget, currency))
        var areas = ad.areas.map(function (area) {
          return area.name + ' (' + area.radiusKm + ' km)'
        })
        replaceSample(copy, samples.areas, areas.join(' · '))
        var day = ad.moveInFrom
          ? new Date(ad.moveInFrom + 'T00:00:00Z').toLocaleDateString('en-GB', {
              dateStyle: 'long',
              timeZone: 'UTC',
            })
          : ''
        replaceSample(copy, samples.moveIn, day ? 'From ' + day : 'Any time')
        var months = ad.minStayMonths
        replaceSample(
          copy,
          samples.stay,
          months ? ' · ' + months + (months === 1 ? ' month' : ' months') : '',
        )
        // A signed-in viewer's answer scores each ad: "80% match", or "No match score"; an anonymous one's doesn't.
        var match = textNode(copy, samples.match)
        if (match && ad.match === undefined) match.parentElement.closest('div').remove()
        else if (match && ad.match === null) match.parentElement.replaceWith('No match score')
        else if (match) match.nodeValue = String(ad.match)
        badges(copy, samples, ad)
        fill(copy, {
          _id: ad._id,
          headline: ad.headline,
          userName: ad.userName,
          userPhoto: ad.userPhoto || '',
          roomTypes: ad.roomTypes.join(', '),
        })
      },
    },
  }

  function draw(slot, items, total, currency) {
    var name = slot.getAttribute('data-template')
    var block = document.getElementById(name)
    var template = document.getElementById(name + '-card')
    var kind = template && KINDS[template.getAttribute('data-kind')]
    if (!block || !kind || !slot.isConnected || items.length === 0) return
    var samples = JSON.parse(template.getAttribute('data-samples') || '{}')
    var copy = block.content.cloneNode(true)
    var currencyName = new Intl.DisplayNames('en', { type: 'currency' }).of(currency)
    fill(copy, {
      count: kind.count(total, items.length),
      currency: currencyName && currencyName !== currency ? currencyName + ' (' + currency + ')' : currency,
    })
    var list = copy.querySelector('[data-cards]')
    var now = new Date()
    items.forEach(function (item) {
      var card = template.content.cloneNode(true)
      kind.fill(card, samples, item, currency, now)
      list.appendChild(card)
    })
    slot.replaceChildren(copy)
  }

  var currency = ask('/api/config').then(
    function (response) {
      return response.json().then(function (config) {
        return config.currency
      })
    },
    function () {
      return 'USD'
    },
  )
  slots.forEach(function (slot) {
    var src = slot.getAttribute('data-early-cards')
    var page = ask(src).then(function (response) {
      var total = Number(response.headers.get('X-Total-Count'))
      return response.json().then(function (items) {
        return { items: items, total: Number.isFinite(total) && total > 0 ? total : items.length }
      })
    })
    Promise.all([page, currency])
      .then(function (both) {
        draw(slot, both[0].items, both[0].total, both[1])
      })
      .catch(function () {
        // The app shows the cards, or says why it can't, once it has loaded.
      })
  })
})()
