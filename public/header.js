// Header state without React: cart count from cookie cart_cache {"count":n}; login state from
// access_token picks the auth link and the logo's home action (/ec/ members, / guests; spec 2).
// Islands dispatch "shop:header" after changing either; pageshow covers the back cache.
(function(){
function g(n){var m=document.cookie.match('(?:^|; )'+n+'=([^;]*)');try{return m?decodeURIComponent(m[1]):''}catch(e){return''}}
function q(s,f){document.querySelectorAll(s).forEach(f)}
function u(){var n=0,on=!!g('access_token');try{n=Math.max(0,JSON.parse(g('cart_cache')||'{}').count|0)}catch(e){}
q('[data-cart-count]',function(e){e.textContent=n>99?'99+':n;e.hidden=!n});
q('[data-cart-desc]',function(e){e.textContent=n?'カート内の商品 '+n+'点':''});
q('[data-auth-link]',function(a){a.href=on?'/mypage/':'/login/';a.textContent=on?'マイページ':'ログイン'});
q('[data-home-link]',function(a){a.href=on?'/ec/':'/'})}
u();addEventListener('shop:header',u);addEventListener('pageshow',u)})();
// Screen class (spec 4, src/lib/screen-class.ts): <html data-screen> is phone if the width is at most
// the channel's SCREEN-SM, pc above SCREEN-MD, else tablet; the breakpoints come from the page's meta tag.
// On phones it loads the menu drawer's script (src/components/HeaderNav.astro); a tap on 「メニュー」 before
// that script has run is kept (data-drawer-pending), and the script opens the drawer for it.
(function(){
var m=document.querySelector('meta[name="shop:breakpoints"]'),b=(m&&m.getAttribute('content')||'576,992').split(','),sm=+b[0],md=+b[1];
function s(){var d,t,w=window.innerWidth,c=w<=sm?'phone':w>md?'pc':'tablet';if(document.documentElement.dataset.screen!==c)document.documentElement.dataset.screen=c;if(c=='phone'&&!s.d&&(d=document.querySelector('[data-drawer-src]'))){s.d=document.head.appendChild(document.createElement('script')).src=d.dataset.drawerSrc;if(t=d.querySelector('[data-menu-toggle]'))t.onclick=function(){d.dataset.drawerPending='1'}}}
s();addEventListener('resize',s)})();
// Shop messages (src/components/SiteMessages.astro): the region names its script (data-src), appended
// here once the page is parsed, so it is in no page's first load; it fills the region itself.
(function(){var r=document.querySelector('[data-site-messages]');if(r&&r.dataset.src)document.head.appendChild(document.createElement('script')).src=r.dataset.src})();
// Popups once per visitor (src/layouts/Default.astro names the script): appended only until this
// session's check of /popups.json is done (src/scripts/popup-once.ts sets the flag).
(function(){var p=document.querySelector('[data-popups-src]');try{if(p&&sessionStorage.getItem('shop:popups-checked')!=='1')document.head.appendChild(document.createElement('script')).src=p.dataset.popupsSrc}catch(e){}})();
