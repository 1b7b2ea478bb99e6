// Draws a prerendered page's listing cards as soon as their answer arrives, before the app has loaded (decision 036).
// Each slot the page's loading state leaves ([data-early-cards], src/web/features/listings/early-card-templates.tsx)
// names the API answer to show and the build's templates to copy; the answers are kept for the app, which reads
// them instead of asking again (src/web/lib/api.ts), and later draws the same cards in the slot's place.
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

  function card(template, listing, currency, now) {
    var copy = template.content.cloneNode(true)
    var badge = textNode(copy, '~availability~')
    var availability = part(listing.availability)
    if (badge && availability) badge.parentElement.replaceWith(availability)
    var rent = textNode(copy, template.getAttribute('data-rent-sample'))
    if (rent)
      rent.nodeValue = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: currency,
        maximumFractionDigits: 0,
      }).format(listing.rent)
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
    var place = listing.placeName && listing.location.indexOf(listing.placeName) < 0 ? listing.placeName : ''
    fill(copy, {
      _id: listing._id,
      title: listing.title,
      location: listing.location,
      placeName: place,
      roomType: listing.roomType,
      userName: listing.userName,
      coverUrl: listing.cover ? listing.cover.url : '',
    })
    return copy
  }

  function draw(slot, listings, total, currency) {
    var name = slot.getAttribute('data-template')
    var block = document.getElementById(name)
    var template = document.getElementById(name + '-card')
    if (!block || !template || !slot.isConnected || listings.length === 0) return
    var copy = block.content.cloneNode(true)
    var currencyName = new Intl.DisplayNames('en', { type: 'currency' }).of(currency)
    fill(copy, {
      count:
        (total === 1 ? '1 listing' : total + ' listings') +
        (listings.length < total ? ' · showing ' + listings.length : ''),
      currency: currencyName && currencyName !== currency ? currencyName + ' (' + currency + ')' : currency,
    })
    var list = copy.querySelector('[data-cards]')
    var now = new Date()
    listings.forEach(function (listing) {
      list.appendChild(card(template, listing, currency, now))
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
      return response.json().then(function (listings) {
        return { listings: listings, total: Number.isFinite(total) && total > 0 ? total : listings.length }
      })
    })
    Promise.all([page, currency])
      .then(function (both) {
        draw(slot, both[0].listings, both[0].total, both[1])
      })
      .catch(function () {
        // The app shows the listings, or says why it can't, once it has loaded.
      })
  })
})()
